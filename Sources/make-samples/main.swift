print("samples")
