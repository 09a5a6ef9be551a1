/** What a person starting the school needs to know, printed once the school answers. */
export interface StartInfo {
  /** Where the school is reached. */
  url: string;
  /** Where the embedded database and the stored files are kept; null with DATABASE_URL and S3. */
  dataDir: string | null;
  /** 'the embedded PostgreSQL' or 'DATABASE_URL'. */
  database: string;
  /** Demo logins to show (none in production). */
  logins: readonly { role: string; email: string; password: string }[];
}

/**
 * The start block: a few aligned lines printed last, so the address and the logins are the end of the log
 * instead of lines among the framework's.
 */
export function startBlock(info: StartInfo): string {
  const lines = [
    `The school is running at ${info.url}`,
    `  database   ${info.database}`,
    ...(info.dataDir ? [`  data       ${info.dataDir}`] : []),
  ];
  if (info.logins.length) {
    lines.push('  demo logins (role, email, password):');
    for (const l of info.logins) lines.push(`    ${l.role.padEnd(10)} ${l.email.padEnd(26)} ${l.password}`);
  }
  return lines.join('\n');
}
