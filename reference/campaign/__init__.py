"""Campaigns: many checked games, split into deterministic shards run by Dask, kept in SQLite.

- :mod:`reference.campaign.plan`: the setups, policies and shards of a campaign;
- :mod:`reference.campaign.games`: one game checked against every invariant, and shrinking;
- :mod:`reference.campaign.work`: a shard's work, as a worker runs it;
- :mod:`reference.campaign.store`: the campaign folder's database (progress, results, failures);
- :mod:`reference.campaign.run`: the run itself, on a local or a remote Dask cluster;
- :mod:`reference.campaign.report`: the report (HTML with plots, and JSON).

``wcref campaign run DIR`` and ``wcref campaign report DIR`` are the commands (README, "Campaigns").
"""
