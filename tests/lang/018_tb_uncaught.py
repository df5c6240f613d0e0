def load(batch):
    return batch["x"]
def train(data):
    for step, batch in enumerate(data):
        print("step", step)
        loss = load(batch)
train([{"x": 1}, {"y": 2}])
