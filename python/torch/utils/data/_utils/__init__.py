"""Helpers of the DataLoader (torch.utils.data._utils): collate."""
