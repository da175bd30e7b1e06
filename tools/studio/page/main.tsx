// The engine styles itself (engine.css); the studio adds only its own frame.
import '@fragewerk/engine/react/engine.css';
import './studio.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StudioApp } from './studio-app.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StudioApp />
  </StrictMode>,
);
