import { useT } from '~/i18n/islands';
import type { LearningPath } from '~/lib/shared/schemas/structure';
import { notify } from '~/islands/shell/notify';
import { useListChanges } from '~/islands/admin/common/use-list-changes';
import { setLearningPathAssistant } from './structure-api';

/** Turns the study assistant on or off for a learning path's students; a failure shows beside it. */
export function AssistantSwitch({ path, onChanged }: { path: LearningPath; onChanged(path: LearningPath): void }) {
  const t = useT();
  const changes = useListChanges();

  const toggle = (enabled: boolean) =>
    void changes.change(path.id, async () => {
      onChanged(await setLearningPathAssistant(path.id, enabled));
      notify({ status: 'success', message: t(enabled ? 'jarvis.pathSwitch.on' : 'jarvis.pathSwitch.off', { name: path.name }) });
    });

  return (
    <p className="structure-node__switch">
      <label className="checkbox">
        <input type="checkbox" checked={path.assistantEnabled} disabled={changes.busyId !== null} onChange={(event) => toggle(event.target.checked)} /> {t('jarvis.pathSwitch.label')}
      </label>
      {changes.error && (
        <span className="form-error" role="alert">
          {changes.error}
        </span>
      )}
    </p>
  );
}
