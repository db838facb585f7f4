/*
 * Starts the storefront on a page the server rendered (docs/web.md, "First view from the
 * server"): the page paints first, then the app's code is fetched and hydrates it. The server
 * names the app's entry and the modules the page needs in this script's data attributes.
 */
(function () {
  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var modules = (me.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var started = false;
  function preload(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.appendChild(link);
  }
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.appendChild(script);
    // One preload per task: each costs the main thread a request's setup (a millisecond or
    // more on a slow phone), and a dozen in one task made a long one. They are all asked for
    // long before the entry script has arrived and names its imports.
    modules.forEach(function (href) {
      setTimeout(function () {
        preload(href);
      }, 0);
    });
  }
  // After the first paint; a page opened in the background (no frames) starts at once.
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
