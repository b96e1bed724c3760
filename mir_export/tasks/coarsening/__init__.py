"""OpenCL thread coarsening (the best of six coarsening factors per kernel and GPU): the published
protocol's task."""
