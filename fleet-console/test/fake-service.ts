/**
 * A shop service for the console's unit tests: each request answered by the test's handler,
 * every request noted. The real service is tested over HTTP in tests/services/shop/ and with
 * the console in tests/e2e/fleet-console/counter.spec.ts.
 */
import type { ServiceClient, ServiceReply } from '../service/service-client';

export interface ServiceCall {
  method: 'GET' | 'POST';
  path: string;
  body: unknown;
}

export type FakeService = ServiceClient & { calls: ServiceCall[] };

export const answer = (status: number, body: unknown): ServiceReply => ({
  kind: 'answer',
  status,
  body,
});

export const UNREACHABLE: ServiceReply = {
  kind: 'unreachable',
  why: 'the shop service cannot be reached',
};

export function fakeService(
  handle: (call: ServiceCall) => ServiceReply | Promise<ServiceReply>,
  withToken = false,
): FakeService {
  const calls: ServiceCall[] = [];
  return {
    base: '',
    withToken,
    calls,
    request(method, path, body) {
      const call = { method, path, body };
      calls.push(call);
      return Promise.resolve(handle(call));
    },
  };
}
