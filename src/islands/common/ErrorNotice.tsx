/** What an error with details says: the message, then what exactly is wrong (an import's rows, a sheet's cells). */
export interface DetailedError {
  message: string;
  details: readonly string[];
}

/** An error notice (role alert) with its details as a list; nothing without an error. */
export function ErrorNotice({ error }: { error: DetailedError | null }) {
  if (!error) return null;
  return (
    <div className="notice notice--error" role="alert">
      <p>{error.message}</p>
      {error.details.length > 0 && (
        <ul>
          {error.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
