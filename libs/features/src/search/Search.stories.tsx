import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { screenStory } from '../testing/screenStory';

const meta = { title: 'Screens/Search/Search' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** /search with the forum filter: typing finds the Junior Doctors Forum. */
export const Forums: Story = {
  ...screenStory('/search?include=team.forum'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await canvas.findByLabelText(
      'Search people, teams, forums and advice',
      {},
      { timeout: 10_000 },
    );
    await userEvent.type(box, 'Junior');
    const results = canvas.getByRole('region', { name: 'Results' });
    await expect(
      await within(results).findByRole(
        'link',
        { name: /Junior Doctors Forum/ },
        { timeout: 5_000 },
      ),
    ).toBeVisible();
  },
};

/**
 * A person found reads with role, speciality and hospital, so two colleagues of the same name
 * are told apart; the filters sit above the first result at every size (on a phone too).
 */
export const PeopleWithRoleAndHospital: Story = {
  ...screenStory('/search?include=user.other'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await canvas.findByLabelText(
      'Search people, teams, forums and advice',
      {},
      { timeout: 10_000 },
    );
    await userEvent.type(box, 'Bob Baker');
    const results = canvas.getByRole('region', { name: 'Results' });
    const bob = await within(results).findByRole('link', { name: /Bob Baker/ }, { timeout: 5_000 });
    await expect(bob).toHaveTextContent('Nurse · Cardiology · St Elsewhere General');
    const filters = canvas.getByRole('complementary', { name: 'Filters' });
    await expect(filters.getBoundingClientRect().top).toBeLessThan(bob.getBoundingClientRect().top);
  },
};
