import { ApiError } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { errorMessage, FAILED_MESSAGE, fieldError } from './api-errors';

describe("the API's refusals as text", () => {
  it("shows the API's message for a refusal, a general one for a failure", () => {
    expect(errorMessage(new ApiError(409, 'An application that is Offered cannot become Rejected.'))).toBe(
      'An application that is Offered cannot become Rejected.',
    );
    expect(errorMessage(new ApiError(500, 'Internal server error'))).toBe(FAILED_MESSAGE);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(FAILED_MESSAGE);
  });

  it("gives a field's own message when the API named the field", () => {
    const refusal = new ApiError(400, 'Give the reason for the decision', { reason: 'Give the reason for the decision' });
    expect(fieldError(refusal, 'reason')).toBe('Give the reason for the decision');
    expect(fieldError(refusal, 'cohort_id')).toBeUndefined();
    expect(fieldError(new Error('x'), 'reason')).toBeUndefined();
  });
});
