import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { interviewCalendar } from './interview-calendar';

const invitation = {
  uid: 'interview-abc@school.test',
  sequence: 2,
  // 10:00 in Kuala Lumpur.
  startsAt: new Date('2027-03-04T02:00:00Z'),
  durationMinutes: 45,
  programme: 'Youth Programme',
  place: 'Room 3, Penang campus',
  meetingLink: 'https://meet.example.test/abc',
  statusUrl: 'https://site.test/applications/abc?token=t',
};

describe('interviewCalendar', () => {
  it('is an event at the school’s hour, in Asia/Kuala_Lumpur, with its length, place and link', () => {
    const comp = new ICAL.Component(ICAL.parse(interviewCalendar(invitation)));
    const zone = comp.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Asia/Kuala_Lumpur');
    ICAL.TimezoneService.register(zone!);
    const event = new ICAL.Event(comp.getFirstSubcomponent('vevent')!);
    expect(event.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Asia/Kuala_Lumpur');
    expect(event.startDate.hour).toBe(10);
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-04T02:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-03-04T02:45:00.000Z');
    expect(event.uid).toBe(invitation.uid);
    expect(event.sequence).toBe(2);
    expect(event.location).toContain('Room 3, Penang campus');
    expect(event.location).toContain('https://meet.example.test/abc');
    expect(event.summary).toBe('Interview: Youth Programme');
    expect(comp.getFirstPropertyValue('method')).toBe('PUBLISH');
  });

  it('withdraws the event when the booking is cancelled', () => {
    const comp = new ICAL.Component(ICAL.parse(interviewCalendar({ ...invitation, cancelled: true })));
    expect(comp.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(comp.getFirstSubcomponent('vevent')?.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
