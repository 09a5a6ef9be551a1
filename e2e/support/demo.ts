/** Logins the first start seeds (apps/api/src/startup/seed.ts). */
export const DEMO = {
  admin: { email: 'admin@example.com', password: 'Admin#Wafer2026', first_name: 'Nadia' },
  instructor: { email: 'instructor@example.com', password: 'Teach#Wafer2026', first_name: 'Rajesh' },
  student: { email: 'student@example.com', password: 'Learn#Wafer2026', first_name: 'Aisyah' },
  student2: { email: 'student2@example.com', password: 'Learn#Wafer2026', first_name: 'Wei Jie' },
} as const;
