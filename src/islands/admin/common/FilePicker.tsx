import { forwardRef, useImperativeHandle, useReducer, useRef, type InputHTMLAttributes } from 'react';
import { useT } from '~/i18n/islands';

/**
 * A native file input whose button and "no file chosen" text are in the
 * page's language (the browser's own read "Choose File" in the browser's).
 * The real input lies, invisible, over the button: clicks, keyboard, labels,
 * `accept`, `multiple` and folder picking all stay native. The chosen names
 * are read from the input at each render, so clearing it clears them.
 */
export const FilePicker = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(function FilePicker({ onChange, ...props }, ref) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => input.current!, []);
  const [, rerender] = useReducer((tick: number) => tick + 1, 0);
  const names = Array.from(input.current?.files ?? [], (file) => file.name);
  return (
    <span className="file-picker">
      <input
        {...props}
        ref={input}
        type="file"
        className="file-picker__input"
        onChange={(event) => {
          rerender();
          onChange?.(event);
        }}
      />
      <span className="button button--ghost file-picker__button" aria-hidden="true">
        {t(props.multiple ? 'common.chooseFiles' : 'common.chooseFile')}
      </span>
      <span className="muted file-picker__names" aria-hidden="true">
        {names.length === 0 ? t('common.noFileChosen') : names.length > 2 ? t('common.filesChosen', { count: names.length }) : names.join(', ')}
      </span>
    </span>
  );
});
