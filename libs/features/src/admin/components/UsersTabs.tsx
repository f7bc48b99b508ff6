import { Tabs } from '@mantine/core';
import { usersTabs } from '@pando/domain';
import { useNavigate } from 'react-router-dom';
import { useManageViewer } from '../hooks/useManageViewer';

/** Users and Invitations tabs (spec 02 §2); Invitations only when the viewer may see them. */
export function UsersTabs({ active }: { active: '/manage/users' | '/manage/users/invitations' }) {
  const { viewer } = useManageViewer();
  const navigate = useNavigate();
  const tabs = usersTabs(viewer);
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value) void navigate(value);
      }}
      mb="md"
    >
      <Tabs.List>
        {tabs.map((t) => (
          <Tabs.Tab key={t.route} value={t.route}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
