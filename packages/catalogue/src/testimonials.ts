import type { Testimonial } from './schemas';

export const testimonials: readonly Testimonial[] = [
  {
    id: 1,
    title: 'From a physics degree to writing UVM testbenches',
    subtext:
      'I knew semiconductor theory but had never touched a testbench. The verification labs made me write, break and debug real UVM environments every week, and my capstone coverage report became the main topic of my interview. I joined a design house in Penang two months after finishing.',
    name: 'Nurul Aisyah binti Rahman',
    location: 'Bayan Lepas, Penang',
  },
  {
    id: 2,
    title: 'The hybrid format fitted around my shift work',
    subtext:
      'I was a production technician in Kulim and wanted to move into process engineering. The online sessions worked around my shifts, and the in-person SPC and yield labs used data that looked exactly like what I see on the line. I am now a junior process engineer.',
    name: 'Tan Wei Jie',
    location: 'Kulim, Kedah',
  },
  {
    id: 3,
    title: 'Failure analysis finally made sense',
    subtext:
      'The instructors showed us real EMMI hot spots and FIB cross-sections and walked us through how they reached a root cause. That way of thinking helped me move from quality assurance into a failure analysis lab.',
    name: 'Priya a/p Subramaniam',
    location: 'Cyberjaya, Selangor',
  },
];
