import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', DATA_DIR: '/tmp/stocktally-test-data' };

describe('loadConfig', () => {
  it('refuses SMTP_URL without PUBLIC_URL, naming PUBLIC_URL (e-mailed links never follow a Host header)', () => {
    const load = () => loadConfig({ ...base, SMTP_URL: 'smtp://mail.example.com:587' } as NodeJS.ProcessEnv);
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/^Invalid environment variable PUBLIC_URL: must be set when SMTP_URL is set/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'smtp://mail.example.com:587', PUBLIC_URL: '  ' } as NodeJS.ProcessEnv)).toThrow(/PUBLIC_URL/);
  });

  it('starts with SMTP_URL and PUBLIC_URL, or with neither', () => {
    const both = loadConfig({ ...base, SMTP_URL: 'smtp://mail.example.com:587', PUBLIC_URL: 'https://stock.example.com' } as NodeJS.ProcessEnv);
    expect(both).toMatchObject({ smtpUrl: 'smtp://mail.example.com:587', publicUrl: 'https://stock.example.com' });
    expect(loadConfig(base as NodeJS.ProcessEnv)).toMatchObject({ smtpUrl: undefined, publicUrl: undefined });
  });
});
