/**
 * Which update feeds a kiosk may take code from. The feed's sha512 only proves the download
 * matches the feed, so the feed itself must come over TLS: https, or plain http to this
 * machine only (a local mirror, the hosted update test). No credentials in the URL: it is
 * logged.
 */

const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

export function isUpdateFeedUrl(value: string): boolean {
  if (/[\s\p{Cc}]/u.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '' || url.hash !== '' || url.search !== '') {
    return false;
  }
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname);
}
