import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMailer } from './mailer.ts';
import { recoveryEmail } from '../auth/emails.ts';

describe('mail without SMTP_URL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kbeauty-outbox-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each message to the outbox as an .eml file and logs its path', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const mailer = createMailer({ outboxDir: join(dir, 'outbox'), from: 'K-Beauty Perú <tienda@example.pe>' });
    await mailer.send(recoveryEmail({ to: 'ana@example.pe', nombre: 'Ana <Quispe>', codigo: '123456' }));
    const [file] = readdirSync(join(dir, 'outbox'));
    expect(file).toMatch(/ana@example\.pe\.eml$/);
    const raw = readFileSync(join(dir, 'outbox', file!), 'utf8');
    expect(raw).toMatch(/^To: ana@example\.pe$/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain('Ana &lt;Quispe&gt;');
    expect(log).toHaveBeenCalledWith(expect.stringContaining(file!));
  });
});
