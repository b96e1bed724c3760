"""What a file becomes before a head or a ranking reads it: the encoder's embedding through the
runtime itself (``embedding``), IR2Vec (``baselines``), and bags of opcodes, tokens and names
(``bags``). The evaluation, the retrieval proxy, the whitening and your own tasks all read them."""
