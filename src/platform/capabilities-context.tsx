import { createContext, useContext, type ReactNode } from 'react';
import type { Capabilities } from './capabilities';

const CapabilitiesContext = createContext<Capabilities | null>(null);

export function CapabilitiesProvider({
  capabilities,
  children,
}: {
  capabilities: Capabilities;
  children: ReactNode;
}) {
  return (
    <CapabilitiesContext.Provider value={capabilities}>{children}</CapabilitiesContext.Provider>
  );
}

export function useCapabilities(): Capabilities {
  const capabilities = useContext(CapabilitiesContext);
  if (!capabilities) throw new Error('useCapabilities needs a CapabilitiesProvider');
  return capabilities;
}

export function useCatalogueUrl(): string {
  return useCapabilities().catalogueUrl;
}
