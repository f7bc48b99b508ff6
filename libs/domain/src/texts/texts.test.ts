import { describe, expect, it } from 'vitest';
import { TEXTS, textsWith } from './texts';

describe('error catalogue texts (spec 01 §8, spec 02 §8)', () => {
  it('keeps the spec wording of the fixed texts', () => {
    expect(TEXTS.forbidden).toBe('You are not allowed to perform that action.');
    expect(TEXTS.serverError).toBe(
      'There was an error on the server. The engineering team has been notified.',
    );
    expect(TEXTS.connectionLost).toBe(
      'The connection to Pando was lost, please try again or refresh the browser',
    );
    expect(TEXTS.agentDisconnected).toBe('Cannot send message, agent has disconnected');
    expect(TEXTS.offline).toBe("You are currently offline, messages can't be sent");
    expect(TEXTS.backOnline).toBe('You are now back online.');
    expect(TEXTS.noConsoleAccess).toBe(
      "You don't have access to the management console for this organisation.",
    );
    expect(TEXTS.templateSuperseded).toBe('(template has been superceded)');
    expect(TEXTS.logoutConfirm).toBe('Are you sure you want to log out from Pando?');
  });

  it.each([
    [textsWith.emailSent('a@b.c'), 'Email sent to a@b.c'],
    [
      textsWith.fileTooLarge('x.pdf'),
      'The file, x.pdf is too large to send, the limit is 25 Mb for a single file.',
    ],
    [textsWith.errorLoadingType('image'), 'Error loading image'],
    [textsWith.noTypeRecorded('notes'), 'No notes recorded'],
    [textsWith.downloadFailed('timeout'), 'Download failed: timeout'],
    [textsWith.errorSendingEmail('Bad Gateway'), 'Error sending email: Bad Gateway'],
    [textsWith.emailSentSuccessfully('queued'), 'Email sent successfully: queued'],
    [textsWith.fileUploadFailed('413'), 'File upload failed. Please try again. 413'],
    [textsWith.fileUploadFailed(''), 'File upload failed. Please try again.'],
    [
      textsWith.inviteFeatureNotEnabled('a@b.c'),
      'An invitation was not sent to a@b.c, because the feature is not enabled for this network',
    ],
    [textsWith.inviteNotSent('a@b.c'), 'An invitation was not sent to a@b.c'],
    [textsWith.inviteSent('a@b.c'), 'An invitation has been sent to a@b.c'],
    [textsWith.created('Ward 7'), '"Ward 7" has been created'],
    [textsWith.updated('Ward 7'), '"Ward 7" has been updated'],
    [textsWith.submitError('boom'), 'Error submitting template: boom'],
    [textsWith.saveError('boom'), 'Error saving template: boom'],
    [textsWith.controlNotFound('c1'), 'Control not found: c1'],
    [textsWith.unknownExportType('xml'), 'Unknown export type: xml'],
    [textsWith.exportFailed('500'), 'Export failed: 500'],
    [textsWith.reportSubtitle('09/01/2026'), '30 day report, ending 09/01/2026'],
    [textsWith.optionsNotProvided('Dropdown'), 'Dropdown options not provided'],
    [textsWith.unknownControlType('slider'), 'Unknown control type: slider'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
