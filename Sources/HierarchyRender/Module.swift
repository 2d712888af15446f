// HierarchyRender: see Package.swift for this module's place in the pipeline.
