"""(rules of this topic are being added)"""
