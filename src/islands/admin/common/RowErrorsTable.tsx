import type { RowError } from './row-errors';

/** Row errors listed on a page at most; the rest are counted (and are all in the errors file where one is offered). */
const MAX_LISTED_ERRORS = 200;

interface Props {
  errors: readonly RowError[];
  columnLabel(column: string): string;
  labels: { caption: string; row: string; column: string; problem: string; more(count: number): string };
}

/** A refused file's errors, a row per problem: spreadsheet row, column, what is wrong. */
export function RowErrorsTable({ errors, columnLabel, labels }: Props) {
  return (
    <>
      <div className="table-scroll">
        <table className="admin-table">
          <caption className="members-caption">{labels.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.row}</th>
              <th scope="col">{labels.column}</th>
              <th scope="col">{labels.problem}</th>
            </tr>
          </thead>
          <tbody>
            {errors.slice(0, MAX_LISTED_ERRORS).map((error) => (
              <tr key={`${error.row}.${error.column}`}>
                <td>{error.row}</td>
                <td>{columnLabel(error.column)}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {errors.length > MAX_LISTED_ERRORS && <p className="muted">{labels.more(errors.length - MAX_LISTED_ERRORS)}</p>}
    </>
  );
}
