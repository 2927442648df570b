"""The five games. Each subpackage has the same modules: rules, actions, config, bots, view,
lessons. Importing this package loads no widget, plotting or table library (a test checks)."""
