import type { Meta, StoryObj } from '@storybook/react-vite';
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
