import { useId } from 'react';

interface Props {
  /** How much is sent, from 0 to 1. */
  share: number;
  /** The text above the bar, which also names it, given the whole percentage sent. */
  label(percent: number): string;
}

/** An upload's progress bar, named by the label above it. */
export function UploadProgress({ share, label }: Props) {
  const id = useId();
  return (
    <div className="upload-progress">
      <span id={id}>{label(Math.round(share * 100))}</span>
      <progress max={1} value={share} aria-labelledby={id} />
    </div>
  );
}
