import { StrictMode, startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import {
  continuedWithoutHttps,
  continueWithoutHttps,
  isInsecureOrigin,
} from './app/insecure-origin/insecure-origin';
import { InsecureOriginBar, InsecureOriginPage } from './app/insecure-origin/insecure-origin-page';
import { fadeLoadingOverlay } from './app/loading-overlay';
import { AppRoutes } from './app/router';
import './index.css';

/** The app, or first the plain-http page when the origin is not secure (docs/decisions/092). */
function Root() {
  const insecure = isInsecureOrigin();
  const [goOn, setGoOn] = useState(continuedWithoutHttps);
  if (insecure && !goOn) {
    return (
      <InsecureOriginPage
        onContinue={() => {
          continueWithoutHttps();
          setGoOn(true);
        }}
      />
    );
  }
  return (
    <>
      {insecure && <InsecureOriginBar />}
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const app = createRoot(root);
startTransition(() =>
  app.render(
    <StrictMode>
      <Root />
    </StrictMode>,
  ),
);
fadeLoadingOverlay();
