import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '@filmroom/contract';

const DEFAULT_CONFIG: RuntimeConfig = { apiBaseUrl: '/api' };

let current: RuntimeConfig = DEFAULT_CONFIG;

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/** Reads the runtime settings the server publishes; falls back to the same-origin default. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch(RUNTIME_CONFIG_PATH, { headers: { Accept: 'application/json' } });
    if (response.ok) {
      const body = (await response.json()) as Partial<RuntimeConfig>;
      if (typeof body.apiBaseUrl === 'string' && body.apiBaseUrl !== '') {
        setRuntimeConfig({ apiBaseUrl: body.apiBaseUrl });
      }
    } else {
      console.warn(`Runtime config answered ${response.status}; using ${current.apiBaseUrl}`);
    }
  } catch (error) {
    console.warn('Runtime config could not be loaded; using the default API base URL', error);
  }
  return current;
}
