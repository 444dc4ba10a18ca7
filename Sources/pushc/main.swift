print("pushc")
