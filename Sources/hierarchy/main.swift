print("hierarchy")
