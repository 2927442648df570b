// The static site's hand-over from the page to the Python kernel (tools/build_site.py puts this
// script in every dashboard page, before Voici's own script).
//
// On the Voilà server the kernel gets the page's address from the server (QUERY_STRING and
// friends, tablekit.widgets.links). On the static site the kernel is Pyodide in a web worker,
// which cannot see the page's address: so this script gives it as environment variables of the
// Python process (Pyodide's loadPyodide({env}), which the Pyodide kernel passes through from
// its settings, "loadPyodideOptions"). They are plain strings: nothing here is run as code.
(function () {
  "use strict";
  const element = document.getElementById("jupyter-config-data");
  if (!element) {
    return;
  }
  const config = JSON.parse(element.textContent);
  const plugins = (config.litePluginSettings = config.litePluginSettings || {});
  const kernel = (plugins["@jupyterlite/pyodide-kernel-extension:kernel"] =
    plugins["@jupyterlite/pyodide-kernel-extension:kernel"] || {});
  const options = (kernel.loadPyodideOptions = kernel.loadPyodideOptions || {});
  const https = window.location.protocol === "https:";
  options.env = Object.assign({}, options.env, {
    TABLEKIT_SITE: "static",
    QUERY_STRING: window.location.search.replace(/^\?/, ""),
    SERVER_NAME: window.location.hostname,
    SERVER_PORT: window.location.port || (https ? "443" : "80"),
    SCRIPT_NAME: window.location.pathname,
  });
  element.textContent = JSON.stringify(config);
})();
