"""Measure detection and extraction against labelled data, beside the seeds' baselines."""
