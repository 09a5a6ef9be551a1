import { describe, expect, it } from 'vitest';
import { aboutContent, companyServices, landingContent, stats, whyUs } from './content';
import { TestimonialSchema } from './schemas';
import { testimonials } from './testimonials';

describe('landing and about content', () => {
  it('claims 10k+ graduates and 30+ hiring partners', () => {
    expect(stats).toEqual([
      { value: '10k+', label: 'Graduates' },
      { value: '30+', label: 'Hiring partners' },
    ]);
  });

  it('has the landing headline and links', () => {
    expect(landingContent.hero.title).toBe("Building Tomorrow's Semiconductor Leaders");
    expect(landingContent.hero.primaryAction).toEqual({ label: 'Get started', to: '/apply' });
    expect(landingContent.topCourses.title).toBe('Explore our top courses');
    expect(landingContent.getStarted.action.to).toBe('/contact');
    expect(whyUs.map((item) => item.title)).toEqual([
      'Industry-recognised certification',
      'Hands-on project learning',
      'Expert-led training',
      'Career-focused outcomes',
    ]);
  });

  it('has the about page sections with their counts', () => {
    expect(aboutContent.whatWeDo.pillars).toHaveLength(3);
    expect(aboutContent.whyChooseUs.points).toHaveLength(5);
    expect(aboutContent.impact.bullets).toHaveLength(5);
    expect(aboutContent.mission.text.length).toBeGreaterThan(0);
    expect(aboutContent.lookingForward.text.length).toBeGreaterThan(0);
  });

  it('describes the four service groups', () => {
    expect(companyServices.groups.map((group) => group.title)).toEqual([
      'Learning pathways',
      'Job platform',
      'Programme management',
      'Talent solutions',
    ]);
  });

  it('has three valid testimonials with distinct ids', () => {
    expect(testimonials).toHaveLength(3);
    expect(new Set(testimonials.map((t) => t.id)).size).toBe(3);
    for (const testimonial of testimonials) expect(TestimonialSchema.safeParse(testimonial).success).toBe(true);
  });
});
