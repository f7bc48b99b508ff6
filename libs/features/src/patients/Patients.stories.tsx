import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { screenStory } from '../testing/screenStory';

const meta = { title: 'Screens/Patients' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** /patients: the list, newest first; a card opens with its panels. */
export const ListAndCard: Story = {
  ...screenStory('/patients'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Patients' }, { timeout: 10_000 });
    // Virtuoso renders the rows once it has measured the list.
    const rows = await within(list).findAllByRole('button', {}, { timeout: 10_000 });
    await userEvent.click(rows[0] ?? list);
    await expect(
      await canvas.findByRole('region', { name: 'Patient info' }, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Tasks' })).toBeVisible();
    // The header's menu button reads "Actions" whole at every size (a phone showed "Actio…").
    const label = canvas
      .getByRole('button', { name: 'Actions' })
      .querySelector('.mantine-Button-label');
    if (!label) throw new Error('no Actions label');
    await expect(label.scrollWidth).toBeLessThanOrEqual(label.clientWidth);
  },
};

/** /patients/create: every section editable at once; Save creates the card. */
export const Create: Story = {
  ...screenStory('/patients/create'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('textbox', { name: 'First name' }, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Notes' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeVisible();
  },
};

/** /images: the gallery of the patients' images, by patient (hidden in the main menu). */
export const Gallery: Story = {
  ...screenStory('/images'),
  parameters: {
    msw: {
      // The server in a page answers GET /images (the patient's image list) with a 500: it
      // streams the list with Readable.from, which the page's stream polyfill (readable-stream's
      // browser build) throws on. Until apps/server/browser covers it, the seed's lists are
      // answered here as the server answers them in Node: empty.
      handlers: [
        http.get('*/api/v4/images', () => HttpResponse.json({ results: [], total_count: 0 })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Gallery' }, { timeout: 10_000 }),
    ).toBeVisible();
    // Every patient's image list has answered: no spinner is left.
    await expect(
      await canvas.findByText(/No patient images yet|View /, {}, { timeout: 10_000 }),
    ).toBeVisible();
  },
};
