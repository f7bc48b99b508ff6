import { describe, expect, it } from 'vitest';
import { fileActionErrorText } from './fileAction';

describe('fileActionErrorText (spec 01 §8 file-action texts)', () => {
  it('says the status text in the spec words', () => {
    expect(fileActionErrorText('download', 403)).toBe('Download failed: Forbidden');
    expect(fileActionErrorText('email', 502, 'upstream detail')).toBe(
      'Error sending email: Bad Gateway',
    );
    expect(fileActionErrorText('download', 0)).toBe('Download failed: No connection');
    expect(fileActionErrorText('email', 418)).toBe('Error sending email: HTTP 418');
  });

  it('adds the server sentence where it tells the person what to do', () => {
    expect(fileActionErrorText('email', 429, 'Try again in 60 seconds.')).toBe(
      'Error sending email: Too Many Requests. Try again in 60 seconds.',
    );
    expect(fileActionErrorText('email', 413, 'Download it instead.')).toBe(
      'Error sending email: Content Too Large. Download it instead.',
    );
    expect(fileActionErrorText('email', 400)).toBe('Error sending email: Bad Request');
  });
});
