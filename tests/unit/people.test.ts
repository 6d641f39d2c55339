/** The people pieces that need no database: Colombian lists, the person form's rules, e-mail texts and their settings. */
import { describe, expect, it } from 'vitest';
import { getT } from '~/i18n';
import { parseConfig, publicUrlOf, smtpSettingsOf } from '~/lib/server/config';
import { renderMail } from '~/lib/server/services/mail/render-mail';
import { DEPARTMENTS, findMunicipality, resolveMunicipality } from '~/lib/shared/colombia';
import { PartialProfileSchema, PersonFormSchema } from '~/lib/shared/schemas/person';
import { fieldErrorsOf, translateFieldErrors } from '~/lib/shared/validation';
import { personFormFor } from '../factories/person-form';

describe('the DANE (DIVIPOLA) list', () => {
  it('has the 32 departments and Bogotá, each municipality coded under its department', () => {
    expect(DEPARTMENTS).toHaveLength(33);
    expect(DEPARTMENTS.reduce((sum, department) => sum + department.municipalities.length, 0)).toBeGreaterThan(1100);
    for (const department of DEPARTMENTS) for (const municipality of department.municipalities) expect(municipality.code.slice(0, 2)).toBe(department.code);
    expect(findMunicipality('05001')).toMatchObject({ municipality: { name: 'Medellín' }, department: { name: 'Antioquia' } });
  });

  it('reads a municipality from a spreadsheet: its code (Excel drops the leading zero), its name, or an ambiguous name with its department', () => {
    expect(resolveMunicipality('5001')?.code).toBe('05001');
    expect(resolveMunicipality('medellin')?.code).toBe('05001');
    expect(resolveMunicipality('Bogotá D.C.')?.code).toBe('11001');
    // Albania exists in Caquetá, La Guajira and Santander.
    expect(resolveMunicipality('Albania')).toBeNull();
    expect(resolveMunicipality('Albania', 'La Guajira')?.code).toBe('44035');
    expect(resolveMunicipality('Albania (Santander)')?.code).toBe('68020');
    expect(resolveMunicipality('Gotham')).toBeNull();
  });
});

const messagesOf = (value: unknown, lang: 'es' | 'en' = 'es', schema = PersonFormSchema) => {
  const result = schema.safeParse(value);
  return result.success ? {} : translateFieldErrors(fieldErrorsOf(result.error.issues), getT(lang));
};

describe('the person form\'s rules beyond the contract\'s messages', () => {
  it('takes digits only for Colombian documents and letters too for a passport', () => {
    expect(messagesOf({ ...personFormFor('a@b.co'), documentNumber: 'AB12345' })).toEqual({ documentNumber: 'Este campo solo acepta números' });
    expect(messagesOf({ ...personFormFor('a@b.co'), documentType: 'PA', documentNumber: 'AB12345' })).toEqual({});
    expect(messagesOf({ ...personFormFor('a@b.co'), documentType: 'PA', documentNumber: 'AB-12345' })).toEqual({ documentNumber: 'El número de documento solo puede tener letras y números' });
  });

  it('tells a mismatched confirmation even while other fields are still missing (as the person types)', () => {
    expect(messagesOf({ email: 'a@b.co', confirmEmail: 'a@c.co' })).toMatchObject({ confirmEmail: 'Los correos no coinciden', neighborhood: 'El barrio es obligatorio' });
  });

  it('knows only DANE municipalities, and bounds the counts', () => {
    expect(messagesOf({ ...personFormFor('a@b.co'), municipality: '99999', householdSize: '0', childrenCount: '120' }, 'en')).toEqual({
      municipality: 'Select a municipality from the list',
      householdSize: 'Must be greater than or equal to 1',
      childrenCount: 'Must be less than or equal to 99',
    });
  });

  it('lets an admin or an import give only part of a profile, checked by the same rules', () => {
    expect(PartialProfileSchema.parse({ stratum: 2, municipality: '76001' })).toEqual({ stratum: 2, municipality: '76001' });
    expect(messagesOf({ stratum: '7', emergencyContact: { phone: 'x' } }, 'es', PartialProfileSchema as never)).toEqual({ stratum: 'Seleccione un estrato', 'emergencyContact.phone': 'El contacto no es válido' });
  });
});

describe('e-mail texts', () => {
  it('says who the invitation is for, with the link, its expiry in Bogotá time, in the recipient\'s language, escaping what people typed', () => {
    const content = { name: 'Ana <b>', email: 'ana@correo.co', link: 'https://senda.example.co/set-password?token=abc', expiresAt: new Date('2026-12-02T15:00:00Z'), signInUrl: 'https://senda.example.co/signin', forgotUrl: 'https://senda.example.co/forgot-password' };
    const es = renderMail('invitation', 'es', 'ana@correo.co', content);
    expect(es.subject).toBe('Tu cuenta en Senda está lista');
    expect(es.text).toContain('Hola, Ana <b>:');
    expect(es.text).toContain('Crear mi contraseña: https://senda.example.co/set-password?token=abc');
    // 15:00 UTC is 10:00 in Bogotá.
    expect(es.text).toMatch(/vence el 2 de diciembre de 2026\D+10:00 a\. m\. \(hora de Colombia\)/);
    expect(es.html).toContain('Hola, Ana &#60;b&#62;:');
    expect(es.html).not.toContain('<b>');
    const en = renderMail('invitation', 'en', 'ana@correo.co', content);
    expect(en.subject).toBe('Your Senda account is ready');
    expect(en.text).toContain('Set my password: https://senda.example.co/set-password?token=abc');
  });
});

describe('e-mail settings', () => {
  it('uses the development mailbox without SMTP_HOST, and SMTP with it (587, or 465 with TLS from the start)', () => {
    expect(smtpSettingsOf(parseConfig({}))).toBeNull();
    expect(smtpSettingsOf(parseConfig({ SMTP_HOST: 'smtp.example.co' }))).toEqual({ host: 'smtp.example.co', port: 587, secure: false });
    expect(smtpSettingsOf(parseConfig({ SMTP_HOST: 'smtp.example.co', SMTP_SECURE: 'true', SMTP_USER: 'senda', SMTP_PASSWORD: 'x' }))).toEqual({
      host: 'smtp.example.co',
      port: 465,
      secure: true,
      auth: { user: 'senda', pass: 'x' },
    });
  });

  it('refuses half an SMTP setting and a malformed sender or address, naming the variable', () => {
    expect(() => parseConfig({ SMTP_USER: 'senda' })).toThrow(/SMTP_USER needs SMTP_HOST/);
    expect(() => parseConfig({ SMTP_HOST: 'smtp.example.co', SMTP_USER: 'senda' })).toThrow(/SMTP_PASSWORD: SMTP_USER and SMTP_PASSWORD go together/);
    expect(() => parseConfig({ MAIL_FROM: 'Senda' })).toThrow(/MAIL_FROM/);
    expect(() => parseConfig({ SENDA_PUBLIC_URL: 'senda.example.co' })).toThrow(/SENDA_PUBLIC_URL/);
  });

  it('points e-mail links at SENDA_PUBLIC_URL, else at this server', () => {
    expect(publicUrlOf(parseConfig({ SENDA_PUBLIC_URL: 'https://senda.example.co/' }))).toBe('https://senda.example.co');
    expect(publicUrlOf(parseConfig({ HOST: '0.0.0.0', PORT: '4321' }))).toBe('http://localhost:4321');
  });
});
