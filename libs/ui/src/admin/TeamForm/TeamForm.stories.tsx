import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { TeamForm } from './TeamForm';

const people = [
  { value: '1', label: 'Alice Anderson' },
  { value: '2', label: 'Bob Brown' },
  { value: '3', label: 'Deepa Desai' },
];

const meta = {
  title: 'UI/Admin/TeamForm',
  component: TeamForm,
  tags: ['autodocs'],
  args: { kind: 'team', mode: 'create', people, onSubmit: fn(), onCancel: fn() },
} satisfies Meta<typeof TeamForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 02 §5: at least one member. */
export const NeedsAMember: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Name/ }), 'Night Team');
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(
      canvas.getByText('You need to add at least one member to create an advice channel'),
    ).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The member message goes as soon as a member is added, before the next submit (issue 35). */
export const MemberMessageClears: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    const message = 'You need to add at least one member to create an advice channel';
    await expect(canvas.getByText(message)).toBeVisible();
    await expect(canvas.getByText('Team name is required')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: /Name/ }), 'Night Team');
    await expect(canvas.queryByText('Team name is required')).toBeNull();
    await userEvent.click(canvas.getByLabelText(/Members/));
    await userEvent.click(await screen.findByRole('option', { name: 'Bob Brown' }));
    await expect(canvas.queryByText(message)).toBeNull();
  },
};

/** A network admin chooses the organisation on creation. */
export const NetworkAdminCreates: Story = {
  args: {
    organisations: [
      { value: 'h1', label: 'St Elsewhere General' },
      { value: 'h2', label: 'Riverside Hospital' },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Organisation')).toBeVisible();
  },
};

/** Editing shows neither dropdown. */
export const EditAdviceChannel: Story = {
  args: {
    kind: 'adviceChannel',
    mode: 'edit',
    initial: { name: 'Cardiology Advice', description: 'Ask the registrar', members: [2] },
    organisations: [{ value: 'h1', label: 'St Elsewhere General' }],
    networks: [{ value: 'n1', label: 'Demo Health Network' }],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox', { name: 'Organisation' })).toBeNull();
    await expect(canvas.queryByRole('textbox', { name: 'Network' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Cardiology Advice', members: [2], organisation: null }),
    );
  },
};
export const SaveFailed: Story = {
  args: {
    mode: 'edit',
    initial: { name: 'Ward 7 Team', members: [1] },
    error: 'Your action could not be completed, please change what you sent and try again.',
  },
};
