import { useEffect, useRef } from 'react';

/**
 * What an editor does with the keyboard and the tab: Ctrl+S / Cmd+S saves
 * (instead of the browser's "save page"), and leaving with unsaved changes
 * asks first (the browser shows its own words).
 */
export function useEditorKeys(save: () => Promise<void> | void, isDirty: boolean): void {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!isDirty) return;
    const onLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [isDirty]);
}
