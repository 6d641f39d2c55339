import { useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { getCohortApprovalRule, getProgramApprovalRule, removeCohortApprovalRule, setCohortApprovalRule, setProgramApprovalRule, type ApprovalRuleDraft } from '~/lib/client/api/gradebook';
import { readApiProblem } from '~/lib/client/api-problem';
import type { Language } from '~/lib/shared/constants';
import type { ApprovalRuleView } from '~/lib/shared/schemas/gradebook';
import { notify } from '~/islands/shell/notify';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { RuleForm } from './RuleForm';
import { RuleSummary } from './RuleSummary';
import '~/styles/admin-gradebook.css';

/** The texts the pages send this island. */
export const APPROVAL_RULE_MESSAGES = ['common.', 'admin.common.', 'gradebook.rule.', 'gradebook.setup.invalidNumber'];

/** A program's rule, or a cohort's (over its program's, when it has one). */
export type RuleTarget = { kind: 'program'; programId: number } | { kind: 'cohort'; cohortId: number; programId: number | null };

interface Props {
  lang: Language;
  messages: Messages;
  target: RuleTarget;
  /** Whether the caller may set it (the API says so too: program rules platform admins, cohort rules its cohort admins and admins). */
  canEdit: boolean;
}

interface RuleData {
  rule: ApprovalRuleView;
  /** The program's rule a cohort inherits (null for a program, or when it cannot be read). */
  inherited: ApprovalRuleView | null;
}

async function readRules(target: RuleTarget, signal: AbortSignal): Promise<RuleData> {
  if (target.kind === 'program') return { rule: await getProgramApprovalRule(target.programId, signal), inherited: null };
  const [rule, inherited] = await Promise.all([
    getCohortApprovalRule(target.cohortId, signal),
    // A cohort's tutors may not read its program's own rule: then only the rule in force shows.
    target.programId === null ? null : getProgramApprovalRule(target.programId, signal).catch(() => null),
  ]);
  return { rule, inherited };
}

function Editor({ lang, target, canEdit }: Omit<Props, 'messages'>) {
  const t = useT();
  const loader = useLoader((signal) => readRules(target, signal), [target.kind, target.kind === 'program' ? target.programId : target.cohortId]);
  const [overriding, setOverriding] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  if (loader.state.status !== 'ready') return <LoadStatus loader={loader} />;
  const { rule, inherited } = loader.state.data;

  async function save(draft: ApprovalRuleDraft) {
    const saved = target.kind === 'program' ? await setProgramApprovalRule(target.programId, draft) : await setCohortApprovalRule(target.cohortId, draft);
    loader.update((data) => ({ ...data, rule: saved }));
    setOverriding(false);
    notify({ status: 'success', message: t('gradebook.rule.saved') });
  }

  async function removeOwn(cohortId: number) {
    if (!window.confirm(t('gradebook.rule.confirmRevert'))) return;
    setRemoveError(null);
    setRemoving(true);
    try {
      const inForce = await removeCohortApprovalRule(cohortId);
      loader.update((data) => ({ ...data, rule: inForce }));
      notify({ status: 'success', message: t('gradebook.rule.reverted') });
    } catch (failure) {
      setRemoveError((await readApiProblem(failure, t('admin.common.error'))).message);
    } finally {
      setRemoving(false);
    }
  }

  const sourceNote = rule.source === 'default' ? t('gradebook.rule.sourceDefault') : target.kind === 'cohort' ? t(rule.source === 'cohort' ? 'gradebook.rule.sourceCohort' : 'gradebook.rule.sourceProgram') : null;

  if (target.kind === 'program') {
    return (
      <div className="approval-rule">
        <p className="muted">{t('gradebook.rule.introProgram')}</p>
        {sourceNote && <p className="notice notice--warning">{sourceNote}</p>}
        {canEdit ? (
          <RuleForm formLabel={t('gradebook.rule.form')} initial={rule} onSave={save} />
        ) : (
          <>
            <RuleSummary lang={lang} rule={rule} label={t('gradebook.rule.inForce')} />
            <p className="muted">{t('gradebook.rule.readOnly')}</p>
          </>
        )}
      </div>
    );
  }

  const ownRule = rule.source === 'cohort';
  return (
    <div className="approval-rule">
      <p className="muted">{t('gradebook.rule.introCohort')}</p>
      {sourceNote && <p className={`notice ${rule.source === 'default' ? 'notice--warning' : ''}`}>{sourceNote}</p>}
      {inherited && (
        <>
          <h3>{t('gradebook.rule.inherited')}</h3>
          {inherited.source === 'default' ? <p className="muted">{t('gradebook.rule.sourceDefault')}</p> : <RuleSummary lang={lang} rule={inherited} label={t('gradebook.rule.inherited')} />}
        </>
      )}
      {(ownRule || !inherited) && (
        <>
          <h3>{ownRule ? t('gradebook.rule.overrideForm') : t('gradebook.rule.inForce')}</h3>
          {canEdit && ownRule ? <RuleForm formLabel={t('gradebook.rule.overrideForm')} initial={rule} onSave={save} /> : <RuleSummary lang={lang} rule={rule} label={t('gradebook.rule.inForce')} />}
          {canEdit && ownRule && (
            <p>
              <button type="button" className="button button--ghost" onClick={() => void removeOwn(target.cohortId)} disabled={removing}>
                {t('gradebook.rule.revert')}
              </button>
            </p>
          )}
          {removeError && (
            <p className="form-error" role="alert">
              {removeError}
            </p>
          )}
        </>
      )}
      {canEdit &&
        !ownRule &&
        (overriding ? (
          <>
            <h3>{t('gradebook.rule.overrideForm')}</h3>
            <RuleForm formLabel={t('gradebook.rule.overrideForm')} initial={inherited ?? rule} onSave={save} onCancel={() => setOverriding(false)} />
          </>
        ) : (
          <p>
            <button type="button" className="button button--ghost" onClick={() => setOverriding(true)}>
              {t('gradebook.rule.override')}
            </button>
          </p>
        ))}
      {!canEdit && <p className="muted">{t('gradebook.rule.readOnly')}</p>}
    </div>
  );
}

/** A program's approval rule, or a cohort's own over the one it inherits; read-only for those who may not set it. */
export default function ApprovalRuleEditor({ lang, messages, ...props }: Props) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Editor lang={lang} {...props} />
    </IslandI18n>
  );
}
