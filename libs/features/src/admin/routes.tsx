import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingScreen } from '@pando/ui';
import { preloadable } from '../common/preloadable';

// The console is its own chunks, loaded when /manage is first opened (charts and tables stay out
// of the chat's bundle).
const fallback = { fallback: <LoadingScreen fullScreen={false} /> };
const ManageLayout = preloadable(
  () => import('./components/ManageLayout').then((m) => m.ManageLayout),
  fallback,
).Component;
const ReportScreen = preloadable(
  () => import('./components/ReportScreen').then((m) => m.ReportScreen),
  fallback,
).Component;
const UsersScreen = preloadable(
  () => import('./components/UsersScreen').then((m) => m.UsersScreen),
  fallback,
).Component;
const UserDetailScreen = preloadable(
  () => import('./components/UserDetailScreen').then((m) => m.UserDetailScreen),
  fallback,
).Component;
const InvitationsScreen = preloadable(
  () => import('./components/InvitationsScreen').then((m) => m.InvitationsScreen),
  fallback,
).Component;
const InviteImportScreen = preloadable(
  () => import('./components/InviteImportScreen').then((m) => m.InviteImportScreen),
  fallback,
).Component;
const AdminTeamsScreen = preloadable(
  () => import('./components/AdminTeamsScreen').then((m) => m.AdminTeamsScreen),
  fallback,
).Component;
const AdminTeamEditScreen = preloadable(
  () => import('./components/AdminTeamEditScreen').then((m) => m.AdminTeamEditScreen),
  fallback,
).Component;
const NetworksScreen = preloadable(
  () => import('./components/NetworksScreens').then((m) => m.NetworksScreen),
  fallback,
).Component;
const NetworkEditScreen = preloadable(
  () => import('./components/NetworksScreens').then((m) => m.NetworkEditScreen),
  fallback,
).Component;
const NetworkDeleteScreen = preloadable(
  () => import('./components/NetworksScreens').then((m) => m.NetworkDeleteScreen),
  fallback,
).Component;
const AuditLogScreen = preloadable(
  () => import('./components/AuditLogScreen').then((m) => m.AuditLogScreen),
  fallback,
).Component;
const PagersScreen = preloadable(
  () => import('./components/SimpleScreens').then((m) => m.PagersScreen),
  fallback,
).Component;
const ExportScreen = preloadable(
  () => import('./components/SimpleScreens').then((m) => m.ExportScreen),
  fallback,
).Component;
const BroadcastScreen = preloadable(
  () => import('./components/SimpleScreens').then((m) => m.BroadcastScreen),
  fallback,
).Component;

export interface ManageRouteSlots {
  /** /manage/form-templates: the smart-form builder (issue 22), inside the manage layout. */
  formTemplates: ReactNode;
}

/**
 * /manage/* (spec 02 §2 route table), under the shell: the layout gates every page
 * (ManageLayout), each child is one screen.
 */
export function manageRoutes({ formTemplates }: ManageRouteSlots): RouteObject {
  return {
    path: 'manage',
    element: <ManageLayout />,
    children: [
      { index: true, element: <ReportScreen /> },
      { path: 'broadcast', element: <BroadcastScreen /> },
      { path: 'export', element: <ExportScreen /> },
      { path: 'users', element: <UsersScreen /> },
      { path: 'users/invitations', element: <InvitationsScreen /> },
      { path: 'users/invitations/import', element: <InviteImportScreen /> },
      { path: 'users/:userId', element: <UserDetailScreen /> },
      { path: 'teams', element: <AdminTeamsScreen kind="team" /> },
      { path: 'teams/create', element: <AdminTeamEditScreen kind="team" mode="create" /> },
      { path: 'teams/:id/edit', element: <AdminTeamEditScreen kind="team" mode="edit" /> },
      { path: 'advice-channels', element: <AdminTeamsScreen kind="advice" /> },
      {
        path: 'advice-channels/create',
        element: <AdminTeamEditScreen kind="advice" mode="create" />,
      },
      {
        path: 'advice-channels/:id/edit',
        element: <AdminTeamEditScreen kind="advice" mode="edit" />,
      },
      { path: 'pagers', element: <PagersScreen /> },
      { path: 'networks', element: <NetworksScreen /> },
      { path: 'networks/create', element: <NetworkEditScreen mode="create" /> },
      { path: 'networks/:id/edit', element: <NetworkEditScreen mode="edit" /> },
      { path: 'networks/:id/delete', element: <NetworkDeleteScreen /> },
      { path: 'form-templates', element: formTemplates },
      { path: 'audit', element: <AuditLogScreen /> },
      // Unknown /manage paths: the layout's "not found" text (domain manageRouteAccess).
      { path: '*', element: null },
    ],
  };
}
