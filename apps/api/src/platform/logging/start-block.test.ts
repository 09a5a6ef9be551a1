import { describe, expect, it } from 'vitest';
import { startBlock } from './start-block';

describe('startBlock', () => {
  it('lists the address, the database, the data folder and each demo login on a line of its own', () => {
    expect(
      startBlock({
        url: 'http://localhost:3000',
        database: 'the embedded PostgreSQL',
        dataDir: '/srv/school/.data',
        logins: [
          { role: 'ADMIN', email: 'admin@example.com', password: 'Admin#Wafer2026' },
          { role: 'STUDENT', email: 'student@example.com', password: 'Learn#Wafer2026' },
        ],
      }),
    ).toBe(
      [
        'The school is running at http://localhost:3000',
        '  database   the embedded PostgreSQL',
        '  data       /srv/school/.data',
        '  demo logins (role, email, password):',
        '    ADMIN      admin@example.com          Admin#Wafer2026',
        '    STUDENT    student@example.com        Learn#Wafer2026',
      ].join('\n'),
    );
  });

  it('leaves out the data folder and the logins when there are none (DATABASE_URL and S3, production)', () => {
    expect(startBlock({ url: 'https://school.example', database: 'DATABASE_URL', dataDir: null, logins: [] })).toBe(
      'The school is running at https://school.example\n  database   DATABASE_URL',
    );
  });
});
