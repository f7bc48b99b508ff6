import { createBrowserRouter, Navigate, RouterProvider, useLocation } from 'react-router-dom';
import { loginUrl } from '@pando/domain';
import { LoginRoute } from '@pando/features';
import { requestLoginCode, validateLoginCode } from './auth';

function goAfterLogin(redirect: string) {
  // Spec 01 §4: redirect to the target route about 100 ms after login.
  setTimeout(() => {
    window.location.assign(redirect);
  }, 100);
}

/** Until the shell lands (issue "Web app"), every other route asks the visitor to log in. */
function RequireLogin() {
  const location = useLocation();
  return <Navigate to={loginUrl('unauthorised', location.pathname + location.search)} replace />;
}

const router = createBrowserRouter([
  {
    path: '/login/*',
    element: (
      <LoginRoute
        requestCode={requestLoginCode}
        validateCode={validateLoginCode}
        onLoggedIn={goAfterLogin}
      />
    ),
  },
  {
    path: '/validate',
    element: (
      <LoginRoute
        initialStep="code"
        requestCode={requestLoginCode}
        validateCode={validateLoginCode}
        onLoggedIn={goAfterLogin}
      />
    ),
  },
  { path: '*', element: <RequireLogin /> },
]);

export function App() {
  return <RouterProvider router={router} />;
}
