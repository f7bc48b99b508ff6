/**
 * The user-visible texts of both specs' error catalogues (spec 01 §8, spec 02 §8 and the texts
 * quoted elsewhere), by key, so the UI and the server say the same words. Texts with
 * a `{placeholder}` have a builder in `textsWith`.
 *
 * Where a spec only names a message ("an unauthorised message", "invalid-email-type message")
 * the wording is ours; those keys say so in their comment.
 */
import { MAX_FILE_SIZE_LABEL } from '../files/constants';
import { CORE_TEXTS, CORE_TEXTS_WITH } from './coreTexts';

export const TEXTS = {
  ...CORE_TEXTS,
  somethingWentWrong: 'Something went wrong.',
  /** Ours: `POST /admin/invites` when the network has not enabled invitations by email (403). */
  inviteByEmailNotEnabled: 'Invitations by email are not enabled for this network.',
  /** Ours: `DELETE /admin/networks/{id}` of a network that still has organisations (409). */
  networkHasOrganisations: 'This network still has organisations.',
  /**
   * Ours: refusals the server gives (issue 38: one copy of each sentence). The client shows the
   * server's message where a screen has no wording of its own.
   */
  needLogin: 'You need to log in to do that.',
  cardReadOnly: 'This patient card is read-only for you.',
  userBlocked: 'This user is blocked.',
  offlineKeyCookieOnly: 'The offline key is given with the session cookie only.',
  tokenRenewCookieOnly: 'An access token is renewed with the session cookie only.',
  loginNotStarted: 'The user has to start logging in in the app first.',
  adviceTeamInactive: 'This advice team is no longer active.',
  patientCardsNotEnabled: 'Patient cards are not enabled for you.',
  templateOwnerOnly: 'Only the owner can change this template.',
  teamMembersOnly: 'Only members of this team can do that.',
  /**
   * Ours (issue 35): a change made on a stale copy of a shared record (team, advice channel,
   * patient, card, template) is refused with 409 `EDIT_CONFLICT`; the screen shows the latest.
   */
  editConflict:
    'Someone else changed this while you had it open, so your change was not saved. The latest version is shown now.',
  /**
   * Ours (issue 37): the installed app has downloaded a new version, which waits until the person
   * presses Reload (`UpdateAvailable`): nothing reloads by itself in the middle of a task.
   */
  updateAvailable: 'A new version is available',
  /** Ours (issue 37): the notice's name for assistive technology, and its close button. */
  updateNotice: 'App update',
  updateNoticeHide: 'Hide this notice',
  /** Ours (issue 35): after the server-error text where the screen has no Retry of its own. */
  tryAgainLater: 'Please try again in a few minutes.',
  /** Ours (issue 35): a 2xx answer the client could not read. */
  unreadableAnswer: "Pando's answer could not be read. Please reload the page and try again.",
  codeNotAccepted: "The code you've entered wasn't accepted...",
  emailLooksWrong: "Your email doesn't look right...",
  signUpInApp:
    'Web sign-up is not possible. Download the Pando app and sign up with your work email.',
  logoutConfirm: 'Are you sure you want to log out from Pando?',
  /**
   * Ours (issue 37): the logout dialog when messages still wait to be sent. They are deleted from
   * the device at logout: the outbox is not encrypted, and a shared computer must keep nothing.
   */
  logoutQueued: (count: number) =>
    count === 1
      ? '1 message has not been sent yet. If you log out now, it is deleted from this device.'
      : `${String(count)} messages have not been sent yet. If you log out now, they are deleted from this device.`,

  // Chat (spec 01 §8, spec 02 §8)
  agentDisconnected: 'Cannot send message, agent has disconnected',
  offline: "You are currently offline, messages can't be sent",
  /**
   * Ours: the composer's notice while offline. Messages written offline wait in the durable
   * outbox and go out on reconnect, so the spec's notice is completed with what happens to them.
   */
  offlineQueued:
    "You are currently offline, messages can't be sent now. What you write is kept and sent when you are back online.",
  backOnline: 'You are now back online.',
  /** Issue 37: answers from the offline copy on screen while the live ones load. */
  copyUpdating: 'Updating…',
  /** Issue 37: answers from the offline copy with no network: when they were fetched. */
  copyOffline: (time: string) => `Offline — last updated ${time}`,
  /**
   * Issue 37 (ours): answers on screen whose live version could not be fetched although the browser
   * has a network (a server error, a dead uplink): when they were fetched.
   */
  copyNotUpdated: (time: string) => `Could not update — last updated ${time}`,
  /** Issue 37: offline, and what was asked for is not in the offline copy. */
  offlineNotKept: 'You are offline. This shows when you are back online.',
  messageProblem: 'There is a problem showing this message, administrators are aware.',
  sendFileFailed: 'Sending the file was unsuccessful, please try again.',
  sendImageFailed: 'Sending the image was unsuccessful, please try again.',
  /** Spec 01 §5 wording; spec 02 §8 words it "You cannot share a patient card in a forum.". */
  cannotSharePatientInForum: 'You cannot share patient within a forum',
  cannotSharePatientCardInForum: 'You cannot share a patient card in a forum.',
  /** Ours: "failed send: error notification". */
  sendFailed: 'Your message could not be sent, please try again.',
  /** Ours: "failed teams load: error notification with retry". */
  teamsLoadFailed: 'Your teams could not be loaded.',
  retry: 'Retry',
  noMoreMessages: 'There are no more messages in this conversation.',
  beginningOfConversation: 'This is the beginning of the conversation',
  newMessages: 'New messages',
  unstableConnection: 'unstable connection',
  adviceReopened: 'The conversation is re-opened.',
  adviceResolved: 'The conversation has been marked as resolved.',
  /** Ours (issue 35): an advice conversation's status in its header, per side. */
  adviceStatusOpen: 'Open',
  adviceStatusAwaitingTeam: 'Resolved, waiting for the team to accept',
  adviceStatusAwaitingYou: 'Resolved by the requester, awaiting your acceptance',
  adviceStatusTeamResolved: 'Resolved by the team, ready to archive',
  adviceStatusClosed: 'Closed',
  /** Ours (issue 35): a closed advice conversation is read-only; said where the composer was. */
  adviceClosedTeam: 'This conversation is closed. It can be read and exported, not written to.',
  adviceClosedRequester:
    'This conversation is closed. To ask again, start a new advice request to the team.',
  /** Ours (issue 35): a file, image or card shared into a closed advice conversation (409). */
  adviceClosedWrite:
    'This advice conversation is closed: nothing more can be added to it. Start a new advice request instead.',
  /** Ours (issue 35): the confirmation before removing a member from a team or forum. */
  removeMemberConfirm: 'They will stop receiving its messages. They can be added again later.',
  welcome: 'Welcome to Pando. Choose a conversation or start a new one.',

  // Images and files (spec 01 §8)
  loadingImage: 'Loading image...',
  imageFetchFailed: 'Image fetch failed',
  errorLoadingImage: 'Error loading image',
  downloadStarted: 'The file will be downloaded to your device.',
  exportedSaved: 'Exported data saved successfully',
  networkResponseNotOk: 'Network response was not ok',

  // Admin (spec 02)
  noConsoleAccess: "You don't have access to the management console for this organisation.",
  selectRow: 'Please select a row',
  selectInviteForCode: 'Please select an invite in order to get the auth code for that user',
  oneCodeAtATime: 'You can only generate a code for one user at a time',
  unableToGetCode: 'Unable to get a code',
  unableToGenerateCode: 'Unable to generate an auth code',
  /** Ours: the 409 "start login first" state of the generate-code dialog. */
  startLoginFirst:
    'This user must first start logging in from the Pando mobile app, then try again.',
  atLeastOneMember: 'You need to add at least one member to create an advice channel',
  teamNameRequired: 'Team name is required',
  exportThankYou:
    'Thank you for your data request, our team will be in contact shortly to verify your details',
  broadcastBanner: 'To have a broadcast actioned, please email support.',
  inviteNotSent: 'Not Sent',
  inviteInvalidEmail: 'Does not look like a valid email',
  inviteSentOk: 'Sent successfully',
  inviteAlreadyInvited: 'Already invited',
  inviteError: 'Error, unable to send the invitation',

  // Forms (spec 02 §2, §5, §8)
  noForms:
    'No forms available. Please create a form first or contact your administrator to access the form templates for your organisation.',
  templateNotFound: '(template could not be found.)',
  templateSuperseded: '(template has been superceded)',
  templateSubmitted: 'Template submitted successfully',
  templateSaved: 'Template saved successfully',
  templateDeleteFailed: 'Error deleting template',
  fillRequired: 'Please fill in all required fields',
  noFormSelected: 'No form selected',
  noTemplateOrExport: 'No template or export option selected',
  notOwnerDelete: 'You cannot delete this template, as you are not the owner.',
  deleteControlConfirm: 'Are you sure you want to delete this control?',
  uniqueExportTitle: 'Please enter a unique title for the export option',
  invalidJson: 'Your JSON is not valid. Please check the format and try again.',
  invalidEmailAddress: 'Invalid email address',
  notEmailExport: 'Selected type is not an email export',
  comingSoon: 'Smart forms are coming soon. Contact us to find out more.',
  /** Ours (issue 35): what the "coming soon" page says smart forms do. */
  smartFormsWhat:
    'Smart forms turn the paper forms of a ward into forms your teams fill in on any device: referrals, handovers, observation charts.',
  smartFormsHow:
    "Scan a patient's wristband to fill in their details, add photos and documents, and share the result in a conversation or export it as CSV, JSON or by email.",
  smartFormsWho:
    'Your administrators build the templates here; required fields are checked before a form is sent.',
  contactUs: 'Contact us',
  /** Ours (issue 36): the audit trail's screen (/manage/audit) and where it is reached from. */
  auditLogTitle: 'Audit log',
  auditLogIntro:
    'Who read, changed, shared or sent patient data, and what administrators did, newest first. Times are in this device’s time zone.',
  auditLogEmpty: 'Nothing recorded matches these filters. Widen the dates or clear a filter.',
  auditDownloadCsv: 'Download CSV',
  auditWhoAccessed: 'Who has accessed this record',
  auditRecentTitle: 'Recent audited actions',
  auditRecentEmpty: 'Nothing recorded for this person yet.',
  auditSeeAll: 'See all in the audit log',
  auditPatientIdInvalid: 'Enter the patient’s number, for example 42.',
  auditDatesReversed: 'The “To” date is before the “From” date.',
  /** Ours (issue 24, one copy since issue 38): the refusals of an upload (files/uploads.ts). */
  sendAsMultipart: 'Send the file as multipart/form-data.',
  malformedMultipart: 'Invalid request: malformed multipart body',
  tooManyFormFields: 'Invalid request: too many form fields',
  uploadTooLarge: `The file is too large to send, the limit is ${MAX_FILE_SIZE_LABEL} for a single file.`,
  imageUnreadable: 'The image could not be read. It may be damaged or too large in pixels.',
  /** Ours (issue 36): a state-changing call without a JSON body type (CSRF defence, 403). */
  jsonContentTypeRequired: 'Requests that change data must send Content-Type: application/json',
  /** Ours (issue 24): a chat image's bytes are sent once (409). */
  imageAlreadyUploaded: 'This image has already been uploaded.',
  /** Ours (issue 38): an email the server could not hand to the mail system (502). */
  emailNotSent: 'The email could not be sent. Please try again.',
  /** Ours (issue 38): deleting a form file someone else uploaded (403). */
  structuredFileUploaderOnly: 'Only the person who uploaded this file can delete it.',
  /** Ours (issue 36): a state-changing call from another site, refused by the CSRF checks (403). */
  crossSiteRefused: 'Cross-site request refused',
  crossOriginRefused: 'Cross-origin request refused',
  crossSiteUploadRefused: 'Cross-site upload refused',
  /** Ours: a JSON body that does not parse (400). */
  bodyNotJson: 'Invalid request: body is not valid JSON',
  /** Ours: the development server refuses callers other than localhost (403). */
  devLocalhostOnly: 'This development server answers on localhost only.',
  /** Ours (issue 36): what each recorded action reads as (server `audit` declarations). */
  auditActions: {
    'card.read': 'Opened a patient card',
    'card_list.read': 'Listed patient cards',
    'card.create': 'Created a patient card',
    'card.update': 'Changed a patient card',
    'card.delete': 'Deleted a patient card',
    'card.reassign': 'Reassigned a patient card',
    'card.share': 'Shared a patient card',
    'card.email': 'Emailed a patient card',
    'patient.read': 'Read patient details',
    'patient.update': 'Changed patient details',
    'patient.lookup': 'Looked up a patient by scan',
    'task_list.read': 'Read a task list',
    'patient_image.read': 'Viewed a patient image',
    'patient_image.list': 'Listed patient images',
    'patient_image.create': 'Added a patient image',
    'file.email': 'Emailed a chat file',
    'chat_image.email': 'Emailed a chat image',
    'structured_file.upload': 'Uploaded a form file',
    'structured_file.read': 'Opened a form file',
    'structured_file_thumbnail.read': 'Viewed a form file’s preview',
    'structured_file.delete': 'Deleted a form file',
    'structured_file.email': 'Emailed a form file',
    'advice_transcript.email': 'Emailed an advice transcript',
    'form.submit': 'Submitted a form',
    'template.delete': 'Deleted a form template',
    'hospital.read': 'Read an organisation’s details',
    'login.success': 'Logged in',
    'login.failure': 'Failed to log in',
    logout: 'Logged out',
    'session.expired': 'Session expired',
    'session.offline_key': 'Opened an offline copy on a device',
    'admin.user.update': 'Changed a user',
    'admin.user.login_code': 'Generated a login code for a user',
    'admin.invite.send': 'Sent an invitation',
    'admin.invite.rescind': 'Withdrew an invitation',
    'admin.invite.login_code': 'Generated a login code for an invitation',
    'admin.team.create': 'Created a team',
    'admin.team.update': 'Changed a team',
    'admin.team.delete': 'Deleted a team',
    'admin.team.members.add': 'Added members to a team',
    'admin.team.members.remove': 'Removed members from a team',
    'admin.advice_channel.create': 'Created an advice channel',
    'admin.advice_channel.update': 'Changed an advice channel',
    'admin.advice_channel.delete': 'Deleted an advice channel',
    'admin.advice_channel.members.add': 'Added members to an advice channel',
    'admin.advice_channel.members.remove': 'Removed members from an advice channel',
    'admin.network.create': 'Created a network',
    'admin.network.update': 'Changed a network',
    'admin.network.delete': 'Deleted a network',
    'admin.organisation.update': 'Changed an organisation',
    'admin.data_export.request': 'Requested a data export',
    'admin.audit.read': 'Read the audit log',
    'admin.audit.export': 'Downloaded the audit log',
  },
  /** Ours (issue 36): the kinds of record an audited action was on. */
  auditResources: {
    card: 'Patient card',
    card_list: 'Patient list',
    patient: 'Patient',
    task_list: 'Task list',
    patient_image: 'Patient image',
    patient_images: 'Patient images',
    file: 'Chat file',
    chat_image: 'Chat image',
    structured_file: 'Form file',
    advice_conversation: 'Advice conversation',
    form_submission: 'Form',
    form_template: 'Form template',
    session: 'Login',
    user: 'User',
    invite: 'Invitation',
    team: 'Team',
    advice_channel: 'Advice channel',
    network: 'Network',
    organisation: 'Organisation',
    hospital: 'Organisation details',
    export_request: 'Data export',
    audit: 'Audit log',
  },
} as const;

export type TextKey = keyof typeof TEXTS;

/** Texts with placeholders (both specs' wording, placeholders in braces). */
export const textsWith = {
  ...CORE_TEXTS_WITH,
  /**
   * Ours (issue 36): the line the team's room shows when an administrator adds themselves to it
   * from the admin console, so its members know who can now read its patient cards.
   */
  adminJoinedTeam: (name: string) =>
    `${name} (administrator) added themselves to this team from the admin console and can now see its patient cards.`,
  /**
   * Ours: an audit CSV export whose filters select more events than one file holds (413); it is
   * refused, never cut short, so no one takes part of the trail for all of it.
   */
  auditExportTooLarge: (maxRows: number) =>
    `This export would hold more than ${maxRows.toLocaleString('en-GB')} events, the most one file can hold. Narrow the dates (or add a filter) and download it in parts.`,
  /** Ours (issue 24): a file over the mail system's attachment limit (413), e.g. "25 MB". */
  tooLargeToEmail: (maxBytes: number) =>
    `This file is too large to email (over ${String(Math.floor(maxBytes / 1_000_000))} MB). Download it instead.`,
  /** Ours (issue 24): an upload of a type the endpoint does not take (415). */
  uploadTypeNotAccepted: (what: string) =>
    `This file type is not accepted${what ? ` (${what})` : ''}. Send an image (JPEG, PNG, GIF, WebP, TIFF, BMP, ICO) or a PDF or Word (docx) document.`,
  /** A resource the caller may not see or that does not exist (404), e.g. "Team not found". */
  notFound: (what: string) => `${what} not found`,
  /** The server's answer to leaving a team. */
  youLeft: (teamName: string) => `You left ${teamName}`,
  fileTooLarge: (name: string) =>
    `The file, ${name} is too large to send, the limit is 25 Mb for a single file.`,
  /** Ours: the spec says only that a disallowed type is refused; this names the file and type. */
  fileTypeNotAllowed: (name: string, type: string) =>
    `The file, ${name} cannot be sent: ${type} files are not allowed. Send a PDF, a Word document or an image.`,
  errorLoadingType: (type: string) => `Error loading ${type}`,
  noTypeRecorded: (type: string) => `No ${type} recorded`,
  downloadFailed: (reason: string) => `Download failed: ${reason}`,
  errorSendingEmail: (statusText: string) => `Error sending email: ${statusText}`,
  emailSentSuccessfully: (message: string) => `Email sent successfully: ${message}`,
  fileUploadFailed: (reason: string) => `File upload failed. Please try again. ${reason}`.trimEnd(),
  /** Ours (issue 35): the server refused a file by its content; its reason follows. */
  fileRefused: (name: string, reason: string) => `The file, ${name} was not accepted. ${reason}`,
  inviteFeatureNotEnabled: (email: string) =>
    `An invitation was not sent to ${email}, because the feature is not enabled for this network`,
  inviteNotSent: (email: string) => `An invitation was not sent to ${email}`,
  /** Ours: `POST /admin/invites` refusals (409), from the server. */
  inviteHasAccount: (email: string) => `${email} already has an account.`,
  inviteAlreadySent: (email: string) => `${email} is already invited.`,
  inviteSent: (email: string) => `An invitation has been sent to ${email}`,
  created: (name: string) => `"${name}" has been created`,
  updated: (name: string) => `"${name}" has been updated`,
  submitError: (error: string) => `Error submitting template: ${error}`,
  saveError: (error: string) => `Error saving template: ${error}`,
  controlNotFound: (id: string) => `Control not found: ${id}`,
  unknownExportType: (type: string) => `Unknown export type: ${type}`,
  exportFailed: (reason: string) => `Export failed: ${reason}`,
  reportSubtitle: (date: string) => `30 day report, ending ${date}`,
  optionsNotProvided: (typeLabel: string) => `${typeLabel} options not provided`,
  unknownControlType: (type: string) => `Unknown control type: ${type}`,
  /** Ours (issue 35): the second line of an advice row in the sidebar (`adviceRowDetail`). */
  adviceAsked: (when: string) => `Asked ${when}`,
  /** Ours: system lines of the advice flow (spec 01 §4 names them, not their words). */
  adviceSystemLine: (action: 'ACCEPT' | 'REJECT' | 'RESOLVE', name: string) =>
    action === 'RESOLVE'
      ? `${name} marked this conversation as resolved`
      : action === 'ACCEPT'
        ? `${name} accepted the resolution and closed this conversation`
        : `${name} re-opened this conversation`,
} as const;
