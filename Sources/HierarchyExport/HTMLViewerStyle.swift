/// The page's style sheet: a dark, Xcode-like canvas between two system-font panels.
enum HTMLViewerStyle {
    static let source = #"""
    :root {
      --canvas: #25272C; --panel: #1C1D21; --panel-2: #232429; --raise: #2C2E34; --edge: #34363D;
      --text: #E4E6EB; --muted: #9A9EA8; --faint: #6B6F79;
      --accent: #2E8FFF; --accent-soft: rgba(46, 143, 255, 0.18); --match: #FFB020;
      --line: rgba(220, 227, 238, 0.47); --hair: 1px;
      --ui: -apple-system, BlinkMacSystemFont, "Segoe UI", system-ui, Roboto, "Helvetica Neue", Arial, sans-serif;
      --mono: ui-monospace, "SF Mono", SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
      color-scheme: dark;
    }
    * { box-sizing: border-box; }
    html, body { height: 100%; margin: 0; }
    body { display: flex; flex-direction: column; background: var(--panel); color: var(--text); font: 13px/1.35 var(--ui); overflow: hidden; -webkit-font-smoothing: antialiased; }
    button, input { font: inherit; color: inherit; }
    .muted { color: var(--muted); }

    /* Toolbar */
    .toolbar { display: flex; align-items: center; gap: 14px; height: 46px; padding: 0 12px; background: var(--panel); border-bottom: 1px solid #000; box-shadow: inset 0 -1px 0 var(--edge); flex: none; white-space: nowrap; }
    .brand { display: flex; align-items: center; gap: 8px; min-width: 0; max-width: 260px; }
    .logo { width: 18px; height: 18px; flex: none; border-radius: 4px; background:
      linear-gradient(135deg, transparent 0 30%, rgba(46,143,255,.9) 30% 46%, transparent 46% 54%, rgba(46,143,255,.6) 54% 70%, transparent 70% 78%, rgba(46,143,255,.35) 78%); border: 1px solid rgba(46,143,255,.6); }
    .title { font-weight: 600; overflow: hidden; text-overflow: ellipsis; }
    .count { color: var(--muted); font-size: 12px; }
    .spacer { flex: 1; }
    .segmented { display: inline-flex; background: var(--raise); border: 1px solid var(--edge); border-radius: 7px; padding: 2px; }
    .segmented button { border: 0; background: none; padding: 3px 10px; border-radius: 5px; cursor: pointer; color: var(--muted); }
    .segmented button:hover { color: var(--text); }
    .segmented button[aria-checked="true"] { background: #454850; color: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.35); }
    .control { display: inline-flex; align-items: center; gap: 8px; color: var(--muted); }
    .control output { color: var(--text); font: 12px var(--mono); min-width: 3.2em; }
    .check { gap: 6px; cursor: pointer; }
    .check input { accent-color: var(--accent); margin: 0; }
    .button { border: 1px solid var(--edge); background: var(--raise); border-radius: 6px; padding: 4px 12px; cursor: pointer; }
    .button:hover { background: #363941; }
    .link { border: 0; background: none; color: var(--accent); cursor: pointer; padding: 0; }
    :focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }

    /* Sliders: one thin track, round thumbs; the depth range is two inputs over one track. */
    input[type=range] { -webkit-appearance: none; appearance: none; background: none; width: 110px; height: 18px; margin: 0; cursor: pointer; }
    input[type=range]::-webkit-slider-runnable-track { height: 4px; border-radius: 2px; background: #464951; }
    input[type=range]::-moz-range-track { height: 4px; border-radius: 2px; background: #464951; }
    input[type=range]::-webkit-slider-thumb { -webkit-appearance: none; width: 14px; height: 14px; margin-top: -5px; border-radius: 50%; background: #F2F4F7; border: 0; box-shadow: 0 1px 3px rgba(0,0,0,.5); }
    input[type=range]::-moz-range-thumb { width: 14px; height: 14px; border-radius: 50%; background: #F2F4F7; border: 0; box-shadow: 0 1px 3px rgba(0,0,0,.5); }
    .dual { position: relative; display: inline-block; width: 130px; height: 18px; }
    .dual .track { position: absolute; left: 7px; right: 7px; top: 7px; height: 4px; border-radius: 2px; background: #464951; }
    .dual .fill { position: absolute; top: 0; bottom: 0; background: var(--accent); border-radius: 2px; }
    .dual input { position: absolute; inset: 0; width: 100%; pointer-events: none; }
    .dual input::-webkit-slider-runnable-track { background: none; }
    .dual input::-moz-range-track { background: none; }
    .dual input::-webkit-slider-thumb { pointer-events: auto; }
    .dual input::-moz-range-thumb { pointer-events: auto; }

    /* Panels */
    main { flex: 1; display: grid; grid-template-columns: 300px minmax(0, 1fr) 300px; min-height: 0; }
    .sidebar { background: var(--panel); min-height: 0; overflow: auto; }
    .left { display: flex; flex-direction: column; border-right: 1px solid #000; overflow: hidden; }
    .right { border-left: 1px solid #000; padding: 14px 16px; }
    .search { display: flex; align-items: center; gap: 8px; padding: 10px; border-bottom: 1px solid var(--edge); }
    .search input { flex: 1; min-width: 0; background: var(--raise); border: 1px solid var(--edge); border-radius: 6px; padding: 5px 9px; outline: none; }
    .search input:focus { border-color: var(--accent); box-shadow: 0 0 0 3px var(--accent-soft); }
    .search .muted { font-size: 12px; }
    .focus-bar { display: flex; justify-content: space-between; gap: 8px; padding: 7px 12px; background: var(--accent-soft); border-bottom: 1px solid var(--edge); font-size: 12px; white-space: nowrap; }
    .focus-bar span { overflow: hidden; text-overflow: ellipsis; }
    .focus-bar[hidden] { display: none; }

    /* Tree */
    #tree, #tree ul { list-style: none; margin: 0; padding: 0; }
    #tree { flex: 1; overflow: auto; padding: 4px 0 12px; outline: none; }
    #tree li > .row { display: flex; align-items: center; gap: 6px; height: 24px; padding-right: 10px; cursor: default; white-space: nowrap; border-radius: 0; }
    #tree li > .row:hover { background: var(--panel-2); }
    #tree li[aria-selected="true"] > .row { background: #2257A8; color: #fff; }
    #tree li[aria-selected="true"] > .row .muted, #tree li[aria-selected="true"] > .row .depth { color: rgba(255,255,255,.75); }
    #tree li:focus { outline: none; }
    #tree li:focus-visible > .row { box-shadow: inset 0 0 0 2px var(--accent); }
    #tree li[aria-expanded="false"] > ul { display: none; }
    #tree li.filtered { display: none; }
    #tree li.outside > .row { opacity: .42; }
    #tree .twisty { width: 14px; height: 14px; flex: none; display: inline-flex; align-items: center; justify-content: center; color: var(--muted); }
    #tree li[aria-expanded] > .row .twisty::before { content: ""; border: 4px solid transparent; border-left: 5px solid currentColor; border-right: 0; transition: transform .12s; }
    #tree li[aria-expanded="true"] > .row .twisty::before { transform: rotate(90deg); }
    #tree .kind { width: 8px; height: 8px; border-radius: 2px; flex: none; border: 1px solid rgba(255,255,255,.35); }
    #tree .cls { font-weight: 500; }
    #tree .label { overflow: hidden; text-overflow: ellipsis; }
    #tree .depth { margin-left: auto; padding-left: 8px; color: var(--faint); font: 11px var(--mono); }
    #tree .hit .cls { color: var(--match); }

    /* Details */
    .details-empty { color: var(--muted); margin-top: 40%; text-align: center; line-height: 1.6; }
    .details h2 { margin: 0 0 2px; font-size: 15px; font-weight: 600; word-break: break-all; }
    .details .subtitle { color: var(--muted); margin-bottom: 12px; word-break: break-all; }
    .details dl { display: grid; grid-template-columns: 92px minmax(0, 1fr); gap: 7px 10px; margin: 0 0 14px; }
    .details dt { color: var(--muted); }
    .details dd { margin: 0; font: 12px/1.45 var(--mono); word-break: break-all; }
    .details .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; vertical-align: -1px; margin-right: 6px; border: 1px solid rgba(255,255,255,.3); }
    .details .preview { display: flex; align-items: center; justify-content: center; height: 170px; margin-bottom: 14px; border: 1px solid var(--edge); border-radius: 8px; overflow: hidden;
      background: repeating-conic-gradient(#2B2D33 0% 25%, #33363C 0% 50%) 0 0 / 16px 16px; }
    .details .preview img { max-width: 100%; max-height: 100%; object-fit: contain; }
    .details .actions { display: flex; gap: 8px; }
    .section-title { text-transform: uppercase; letter-spacing: .06em; font-size: 10.5px; color: var(--faint); margin: 0 0 8px; }

    /* The 3D view */
    #viewport { position: relative; overflow: hidden; background: var(--canvas); perspective-origin: 50% 50%; cursor: grab; touch-action: none; user-select: none; }
    #viewport.dragging { cursor: grabbing; }
    #viewport.panning { cursor: move; }
    #camera { position: absolute; left: 0; top: 0; width: 0; height: 0; transform-origin: 0 0; transform-style: preserve-3d; }
    /* will-change keeps each plane's raster while the camera turns: only zooming re-rasters. */
    .plane { position: absolute; left: 0; top: 0; transform-origin: 0 0; pointer-events: none; will-change: transform; }
    .plane.off { display: none; }
    .layer { position: absolute; background-size: 100% 100%; background-repeat: no-repeat; }
    .layer.out { visibility: hidden; }
    #viewport.outlines .layer { outline: 1px solid var(--line); outline-offset: -1px; }
    #viewport.no-contents .layer { background: none !important; }
    #viewport .layer.match { outline: 2px solid var(--match); outline-offset: -2px; }
    #viewport .layer.hover { outline: 2px solid rgba(255,255,255,.9); outline-offset: -2px; }
    #viewport .layer.selected { outline: 2px solid var(--accent); outline-offset: -2px; box-shadow: inset 0 0 0 999px var(--accent-soft); }
    .hud { position: absolute; left: 0; right: 0; bottom: 0; display: flex; justify-content: space-between; gap: 12px; padding: 7px 12px; font-size: 11.5px; color: var(--faint); pointer-events: none; }
    #zoom-value { font-family: var(--mono); }
    """#
}
