import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';

describe('scoutSMART configuration', () => {
  it('without SCOUTSMART_API_URL the built-in profile pages are used', () => {
    expect(loadConfig({}, '/tmp').scoutSmart).toBeUndefined();
  });

  it('with a URL and a key the external profile API is used', () => {
    const config = loadConfig(
      { SCOUTSMART_API_URL: 'https://api.scoutsmart.example/v1', SCOUTSMART_API_KEY: 'k-123' },
      '/tmp',
    );
    expect(config.scoutSmart).toEqual({
      apiUrl: 'https://api.scoutsmart.example/v1',
      apiKey: 'k-123',
    });
  });

  it('a URL without a key stops the start with a clear message', () => {
    expect(() =>
      loadConfig({ SCOUTSMART_API_URL: 'https://api.scoutsmart.example/v1' }, '/tmp'),
    ).toThrow(
      new ConfigError(
        'Invalid configuration: SCOUTSMART_API_KEY must be set when SCOUTSMART_API_URL is',
      ),
    );
  });

  it('a URL that is not http(s) is refused by name', () => {
    expect(() =>
      loadConfig({ SCOUTSMART_API_URL: 'ftp://x', SCOUTSMART_API_KEY: 'k' }, '/tmp'),
    ).toThrow(/SCOUTSMART_API_URL/);
  });
});
