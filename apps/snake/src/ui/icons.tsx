/** Small inline icons (no external assets). */
const Svg = ({ children }: { children: React.ReactNode }) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" fill="currentColor">
    {children}
  </svg>
);

export const CodeIcon = () => (
  <Svg>
    <path d="M8.6 16.6 4 12l4.6-4.6L7.2 6 1.2 12l6 6zm6.8 0L20 12l-4.6-4.6L16.8 6l6 6-6 6z" />
  </Svg>
);

export const NetworkIcon = () => (
  <Svg>
    <path d="M4 3h16a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm2 7v8h3v-8zm1.5-4.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM11 10v8h3v-4.2c0-1.2.6-1.8 1.5-1.8s1.5.6 1.5 1.8V18h3v-4.8c0-2.4-1.3-3.4-3.1-3.4-1.3 0-2.2.6-2.9 1.4V10z" />
  </Svg>
);

export const BirdIcon = () => (
  <Svg>
    <path d="M3 4h5l4 5.5L16.5 4H20l-6.2 7.6L21 20h-5l-4.4-6-4.8 6H3.4l6.6-8z" />
  </Svg>
);

export const CameraIcon = () => (
  <Svg>
    <path d="M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm0 2a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm5 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z" />
  </Svg>
);
