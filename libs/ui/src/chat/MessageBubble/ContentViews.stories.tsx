import { Stack } from '@mantine/core';
import {
  TEXTS,
  type FileContent,
  type FormContent,
  type ImageContent,
  type PatientCardContent,
  type ReplyContent,
} from '@pando/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactElement } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LONG_NAME, RTL_NAME, XSS_IMG, XSS_LINK } from '../../testing/fixtures';
import { storyImages } from '../../testing/imageFixtures';
import {
  FileView,
  FormView,
  ImageThumbnail,
  MalformedView,
  PatientCardView,
  ReplyView,
} from './ContentViews';
import type { MessageActions } from './messageActions';

/**
 * The bodies inside a message bubble, one per subject (spec 01 §3), on their own so each state
 * can be reviewed without a conversation around it. `MessageBubble` stories show them in place.
 */
const meta = {
  title: 'UI/Chat/ContentViews',
  decorators: [
    (Story) => (
      <Stack p="md" maw={420} align="flex-start">
        <Story />
      </Stack>
    ),
  ],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const actions = {
  getImage: storyImages,
  onRetryImage: fn(),
  onOpenImage: fn(),
  onImageError: fn(),
  onFileAction: fn(),
  getFileUrl: (file) => `/api/v4/files/${file.id}`,
  onOpenPatientCard: fn(),
  onOpenForm: fn(),
} satisfies MessageActions;

const image = (imageId: string, filename?: string): ImageContent => ({
  kind: 'image',
  imageId,
  ...(filename ? { filename } : {}),
});
const file = (filename: string, size = 1_534_000): FileContent => ({
  kind: 'file',
  file: { id: '88', filename, size, type: 'application/pdf' },
});
const evans: PatientCardContent = {
  kind: 'patientCard',
  card: {
    card_id: 4107,
    card_title: 'Mrs J. Evans – Bed 9',
    patient_dob: '1948-06-02',
    patient_gender: 'FEMALE',
    patient_identificator: 'NHS 943 476 5919',
  },
};
const news2: FormContent = {
  kind: 'form',
  text: 'Form: NEWS2 observation chart (v3)',
  title: 'NEWS2 observation chart',
  version: '3',
};
const reply = (text: string, quoted: string, senderName = 'Bob Okafor'): ReplyContent => ({
  kind: 'reply',
  text,
  quoted: { senderName, text: quoted },
});

const story = (render: () => ReactElement, play?: Story['play']): Story => ({
  render,
  ...(play ? { play } : {}),
});

/** Loaded: the thumbnail opens the viewer. */
export const ImageLoaded = story(
  () => <ImageThumbnail content={image('ecg-bed9', 'ECG bed 9 0610.jpg')} actions={actions} />,
  async ({ canvasElement }) => {
    const open = within(canvasElement).getByRole('button', { name: 'Open ECG bed 9 0610.jpg' });
    await expect(within(open).getByRole('img', { name: 'ECG bed 9 0610.jpg' })).toBeVisible();
    await userEvent.click(open);
    await expect(actions.onOpenImage).toHaveBeenCalledWith('ecg-bed9', 'ECG bed 9 0610.jpg');
  },
);

/** Loading: a placeholder of the thumbnail's size, announced politely. */
export const ImageLoading = story(
  () => <ImageThumbnail content={image('xray-bed3', 'CXR bed 3.jpg')} actions={actions} />,
  async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(/loading/i);
  },
);

/** Spec 01 §8: a thumbnail that failed to load retries when tapped. */
export const ImageFailed = story(
  () => <ImageThumbnail content={image('missing-photo', 'wound bed 12.jpg')} actions={actions} />,
  async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', {
        name: 'Tap to retry: wound bed 12.jpg could not be loaded',
      }),
    );
    await expect(actions.onRetryImage).toHaveBeenCalledWith('missing-photo');
  },
);

/** Without a file name the image is still named for screen readers. */
export const ImageWithoutName = story(() => (
  <ImageThumbnail content={image('ecg-bed9')} actions={actions} />
));

/** A shared file: the name downloads, the button offers download or email, the size is readable. */
export const File = story(
  () => <FileView content={file('Cardiology discharge summary – Patel.pdf')} actions={actions} />,
  async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('link', { name: 'Cardiology discharge summary – Patel.pdf' }),
    ).toHaveAttribute('href', '/api/v4/files/88');
    await expect(canvas.getByText('1.5 Mb')).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', {
        name: 'Download or email Cardiology discharge summary – Patel.pdf',
      }),
    );
    await expect(actions.onFileAction).toHaveBeenCalled();
  },
);

/** Without download wiring (e.g. a preview) the name is plain text and no button shows. */
export const FileReadOnly = story(
  () => <FileView content={file('Ward 7 rota March.xlsx', 48_200)} actions={{}} />,
  async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link')).toBeNull();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
);

/** The whole name and the whole action are readable: the box shows every character of both. */
async function expectFileBubbleWhole(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const name = canvas.getByRole('link');
  await expect(name.scrollWidth).toBeLessThanOrEqual(name.clientWidth);
  await expect(getComputedStyle(name).textOverflow).not.toBe('ellipsis');
  const action = canvas.getByRole('button', { name: /^Download or email/ });
  const label = action.querySelector('.mantine-Button-label');
  if (!label) throw new Error('no button label');
  await expect(label.scrollWidth).toBeLessThanOrEqual(label.clientWidth);
  const box = action.closest('.mantine-Paper-root')?.getBoundingClientRect();
  const edge = action.getBoundingClientRect();
  await expect(box && edge.right <= box.right && edge.left >= box.left).toBe(true);
}

/** A long file name wraps over several lines, whole; "Download or email" sits below it. */
export const FileLongName = story(
  () => (
    <FileView
      content={file(
        'Cardiothoracic multidisciplinary team meeting minutes and actions – 14 March 2026 – final version (2).pdf',
      )}
      actions={actions}
    />
  ),
  async ({ canvasElement }) => {
    await expectFileBubbleWhole(canvasElement);
    await expect(within(canvasElement).getByRole('link')).toHaveTextContent(
      'final version (2).pdf',
    );
  },
);

/** On a phone (390 px) the file name is whole and "Download or email" is not clipped. */
export const FilePhone: Story = {
  ...story(
    () => (
      <FileView content={file('discharge-summary-bed-9-patel-2026-03-14.pdf')} actions={actions} />
    ),
    async ({ canvasElement }) => {
      await expectFileBubbleWhole(canvasElement);
    },
  ),
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const FileRightToLeftName = story(() => (
  <FileView content={file('تقرير الخروج – المريض ٩.pdf')} actions={actions} />
));

/** A shared patient card: title, ID, date of birth, gender; the link opens the card in the app. */
export const PatientCard = story(
  () => <PatientCardView content={evans} actions={actions} />,
  async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('ID NHS 943 476 5919 · DOB 02/06/1948 · Female')).toBeVisible();
    const open = canvas.getByRole('link', { name: 'Open patient card' });
    await expect(open).toHaveAttribute('href', '/patients/4107');
    await userEvent.click(open);
    await expect(actions.onOpenPatientCard).toHaveBeenCalledWith(4107);
  },
);

/** Only the title is required; no empty detail line. */
export const PatientCardMinimal = story(
  () => (
    <PatientCardView
      content={{ kind: 'patientCard', card: { card_id: 12, card_title: 'Bed 12' } }}
      actions={{}}
    />
  ),
  async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
    await expect(within(canvasElement).queryByText(/DOB|ID /)).toBeNull();
  },
);

export const PatientCardLongAndRightToLeft = story(() => (
  <Stack>
    <PatientCardView
      content={{ ...evans, card: { ...evans.card, card_title: `${LONG_NAME} – Bed 14A` } }}
      actions={actions}
    />
    <PatientCardView
      content={{ ...evans, card: { ...evans.card, card_title: `${RTL_NAME} – سرير ٩` } }}
      actions={actions}
    />
  </Stack>
));

/** A form message opens its template (spec 02 §2). */
export const Form = story(
  () => <FormView content={news2} actions={actions} />,
  async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open form' }));
    await expect(actions.onOpenForm).toHaveBeenCalledWith('NEWS2 observation chart', '3');
  },
);

/** The template was deleted: the message says so and offers nothing to open. */
export const FormTemplateNotFound = story(
  () => (
    <FormView content={news2} actions={{ ...actions, getFormStatus: () => 'notFound' as const }} />
  ),
  async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Open form' })).toBeNull();
  },
);

export const FormTemplateSuperseded = story(
  () => (
    <FormView
      content={news2}
      actions={{ ...actions, getFormStatus: () => 'superseded' as const }}
    />
  ),
  async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Open form' })).toBeNull();
  },
);

/** A reply shows who and what it answers, the quote cut at three lines. */
export const Reply = story(
  () => (
    <ReplyView
      content={reply(
        'Agreed, I will review her at 11 with the echo result.',
        'Bed 9: Mrs Evans, new AF overnight, rate controlled with bisoprolol.\nBP 128/76, HR 88.\nEcho requested.\nFamily aware.\nFor review by cardiology.',
      )}
    />
  ),
  async ({ canvasElement }) => {
    const quote = canvasElement.querySelector('blockquote');
    await expect(quote).toHaveTextContent('Bob Okafor');
    await expect(within(canvasElement).getByText(/Agreed, I will review her/)).toBeVisible();
  },
);

export const ReplyRightToLeft = story(() => (
  <ReplyView
    content={reply(
      'تم إعطاء bisoprolol 2.5 mg الساعة الثامنة.',
      'المريض في السرير ٩ يحتاج إلى تخطيط قلب كهربائي قبل الظهر.',
      RTL_NAME,
    )}
  />
));

/** A body the codec could not read: a calm notice instead of raw JSON. */
export const Malformed = story(
  () => <MalformedView />,
  async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(TEXTS.messageProblem)).toBeVisible();
  },
);

/** XSS: file names, card titles, quoted names and texts render as the characters typed. */
export const HostileContent = story(
  () => (
    <Stack>
      <FileView content={file(`${XSS_IMG}.pdf`, 2048)} actions={actions} />
      <PatientCardView
        content={{ kind: 'patientCard', card: { card_id: 1, card_title: XSS_IMG } }}
        actions={actions}
      />
      <FormView
        content={{ kind: 'form', text: XSS_IMG, title: XSS_IMG, version: '1' }}
        actions={actions}
      />
      <ReplyView content={reply(XSS_LINK, XSS_IMG, XSS_IMG)} />
    </Stack>
  ),
  async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: `${XSS_IMG}.pdf` })).toBeVisible();
    await expect(canvas.getByText(`${XSS_IMG} (v1)`)).toBeVisible();
    await expect(canvasElement.querySelector('img, script')).toBeNull();
    const hrefs = Array.from(canvasElement.querySelectorAll('a')).map(
      (a) => a.getAttribute('href') ?? '',
    );
    await expect(hrefs.some((href) => href.toLowerCase().startsWith('javascript:'))).toBe(false);
  },
);
