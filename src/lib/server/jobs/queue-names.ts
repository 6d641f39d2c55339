/**
 * The names of the queues whose handlers load heavy libraries (nodemailer,
 * yazl, exceljs). Services send jobs by these names; their domain's jobs.ts
 * imports the handlers only when a job comes, so a server that never sends
 * mail, builds a zip or a report does not load them (ADR 015).
 */
export const MAIL_SEND_QUEUE = 'mail.send';
export const BUILD_ZIP_QUEUE = 'assignments.build-zip';
export const BUILD_REPORT_QUEUE = 'reports.build';
export const ISSUE_CERTIFICATES_QUEUE = 'certificates.issue';
