"""How an embedding is scored, whatever the task: the published data sets' readers, outer folds
and protocols, the learners and their nested selection, paired statistics over what is
independent, the suite that runs every task alike, the reports, and fine-tuning and RGCN (the
costly ways to use the encoder). The tasks themselves are ``mir_export.tasks``."""
