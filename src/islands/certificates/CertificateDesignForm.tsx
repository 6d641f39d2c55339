import { useState, type SubmitEvent } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { CERTIFICATE_SIGNERS_MAX, type CertificateDesign } from '~/lib/shared/schemas/certificates';
import { readApiProblem } from '~/lib/client/api-problem';
import { saveCertificateDesign, uploadCertificateImage } from '~/lib/client/api/certificates';
import { notify } from '~/islands/shell/notify';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormError } from '~/islands/admin/common/FormError';

export interface CertificateDesignFormProps {
  lang: Language;
  messages: Messages;
  programId: number;
  design: CertificateDesign | null;
}

interface Signer {
  name: string;
  role: string;
}

function DesignForm({ programId, design: initial }: { programId: number; design: CertificateDesign | null }) {
  const t = useT();
  const [design, setDesign] = useState(initial);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [hours, setHours] = useState(initial ? String(initial.hours) : '');
  const [autoIssue, setAutoIssue] = useState(initial?.autoIssue ?? false);
  const [signers, setSigners] = useState<Signer[]>(initial?.signers.map(({ name, role }) => ({ name, role })) ?? [{ name: '', role: '' }]);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  // Changes after each save or upload, so the preview link reads the design anew.
  const [version, setVersion] = useState(0);

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setError(null);
    try {
      const saved = await saveCertificateDesign(programId, { title, hours: Number(hours), autoIssue, signers });
      setDesign(saved);
      setVersion((value) => value + 1);
      notify({ status: 'success', message: t('admin.common.saved') });
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setFields(problem.fields);
      if (Object.keys(problem.fields).length === 0) setError(problem.message);
    } finally {
      setBusy(false);
    }
  }

  async function upload(slot: 'logo' | 'background' | 'signature', file: File | undefined, signer?: number) {
    if (!file) return;
    setError(null);
    try {
      setDesign(await uploadCertificateImage(programId, slot, file, signer));
      setVersion((value) => value + 1);
      notify({ status: 'success', message: t('admin.certificates.design.uploaded') });
    } catch (failure) {
      setError((await readApiProblem(failure, t('admin.common.error'))).message);
    }
  }

  const setSigner = (index: number, change: Partial<Signer>) => setSigners((list) => list.map((signer, at) => (at === index ? { ...signer, ...change } : signer)));

  return (
    <>
      <form className="admin-form" onSubmit={save} noValidate aria-label={t('admin.certificates.design.title')}>
        <FieldWithError label={t('admin.certificates.design.certificateTitle')} error={fields.title}>
          {(aria) => <input value={title} maxLength={200} {...aria} onChange={(event) => setTitle(event.target.value)} />}
        </FieldWithError>
        <FieldWithError label={t('admin.certificates.design.hours')} error={fields.hours}>
          {(aria) => <input type="number" min={1} step="0.5" inputMode="decimal" value={hours} {...aria} onChange={(event) => setHours(event.target.value)} />}
        </FieldWithError>
        <label className="field field--checkbox">
          <input type="checkbox" checked={autoIssue} onChange={(event) => setAutoIssue(event.target.checked)} />
          <span>{t('admin.certificates.design.autoIssue')}</span>
        </label>
        <fieldset className="certificate-signers">
          <legend>{t('admin.certificates.design.signers')}</legend>
          {signers.map((signer, index) => (
            <div key={index} className="certificate-signer">
              <FieldWithError label={t('admin.certificates.design.signerName', { number: index + 1 })} error={fields[`signers.${index}.name`]}>
                {(aria) => <input value={signer.name} maxLength={120} {...aria} onChange={(event) => setSigner(index, { name: event.target.value })} />}
              </FieldWithError>
              <FieldWithError label={t('admin.certificates.design.signerRole', { number: index + 1 })} error={fields[`signers.${index}.role`]}>
                {(aria) => <input value={signer.role} maxLength={120} {...aria} onChange={(event) => setSigner(index, { role: event.target.value })} />}
              </FieldWithError>
              <button type="button" className="button button--ghost button--small" onClick={() => setSigners((list) => list.filter((_, at) => at !== index))}>
                {t('admin.certificates.design.removeSigner', { number: index + 1 })}
              </button>
            </div>
          ))}
          {signers.length < CERTIFICATE_SIGNERS_MAX && (
            <button type="button" className="button button--ghost button--small" onClick={() => setSigners((list) => [...list, { name: '', role: '' }])}>
              {t('admin.certificates.design.addSigner')}
            </button>
          )}
        </fieldset>
        <FormError message={error} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('admin.common.saving') : t('admin.common.save')}
        </button>
      </form>
      {design && (
        <section className="certificate-images" aria-label={t('admin.certificates.design.images')}>
          <h2>{t('admin.certificates.design.images')}</h2>
          <p className="muted">{t('admin.certificates.design.imagesHint')}</p>
          <label className="field">
            <span>{t(design.hasLogo ? 'admin.certificates.design.replaceLogo' : 'admin.certificates.design.logo')}</span>
            <input type="file" accept="image/png,image/jpeg" onChange={(event) => void upload('logo', event.target.files?.[0])} />
          </label>
          <label className="field">
            <span>{t(design.hasBackground ? 'admin.certificates.design.replaceBackground' : 'admin.certificates.design.background')}</span>
            <input type="file" accept="image/png,image/jpeg" onChange={(event) => void upload('background', event.target.files?.[0])} />
          </label>
          {design.signers.map((signer, index) => (
            <label key={index} className="field">
              <span>{t('admin.certificates.design.signature', { name: signer.name })}</span>
              <input type="file" accept="image/png,image/jpeg" onChange={(event) => void upload('signature', event.target.files?.[0], index)} />
            </label>
          ))}
          {/* The page links the preview of a design that existed when it loaded; a design made here links it from here. */}
          {!initial && (
            <p>
              <a className="button button--ghost" href={`/admin/programs/${programId}/certificate-preview?v=${version}`} target="_blank" rel="noopener">
                {t('admin.certificates.design.preview')}
              </a>
            </p>
          )}
        </section>
      )}
    </>
  );
}

/** A program's certificate design in the admin screens: its facts and signers, its images, and a PDF preview. */
export default function CertificateDesignForm({ lang, messages, programId, design }: CertificateDesignFormProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <DesignForm programId={programId} design={design} />
    </IslandI18n>
  );
}
