import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../src/infra/mail/outbox-mailer.js';
import { activationMail } from '../../src/services/mail/account-mails.js';
import { linkIn, readOutbox } from '../helpers/outbox.js';

describe('mail outbox (no SMTP server configured)', () => {
  it('writes each message as an .eml file and logs its links so they can be opened from the terminal', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'filmroom-outbox-'));
    const logged: { details: object; message: string }[] = [];
    const mailer = createOutboxMailer({
      dir: path.join(dir, 'outbox'),
      from: 'FilmRoom <no-reply@filmroom.test>',
      logger: { info: (details, message) => logged.push({ details, message }) },
    });
    const message = activationMail({
      to: 'new.player@example.com',
      firstName: 'Kim',
      publicUrl: 'http://localhost:8080',
      token: 'abc_DEF-123',
      ttlHours: 48,
    });

    try {
      await mailer.send(message);

      const files = await readdir(path.join(dir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const [mail] = await readOutbox(path.join(dir, 'outbox'));
      expect(mail?.to).toBe('new.player@example.com');
      expect(mail?.subject).toBe('Activate your FilmRoom account');
      expect(mail?.html).toContain('Hi Kim,');
      const link =
        'http://localhost:8080/activate?email=new.player%40example.com&token=abc_DEF-123';
      expect(mail && linkIn(mail, '/activate').toString()).toBe(link);
      expect(logged[0]?.message).toContain(link);
      expect(logged[0]?.details).toMatchObject({ links: [link] });
    } finally {
      await mailer.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
