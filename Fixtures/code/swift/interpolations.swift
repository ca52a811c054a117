import SwiftUI

struct Metrics {
    var cpuCount: UInt16
    var voltage: Float
    var ratio: Double
}

struct Interpolations: View {
    let loadedCount = 3
    let name: String
    let idx: Int16
    let config: Metrics
    let items: [String]
    let percent: Double
    let width: CGFloat
    let big: Int64
    let small: Int8
    let size: UInt
    let bytes: UInt64
    let flag: UInt8
    let rc: Int?
    let date: Date

    var body: some View {
        Text("\(loadedCount) loaded")
        Text("Phase \(idx + 1)")
        Text("\(config.cpuCount) cores")
        Text("Percent = \(percent)")
        Text("Y: \(config.voltage)")
        Text("\(width, specifier: "%.0f")x")
        Text("\(items.count) items")
        Text("Hello \(name)")
        Text("The \(name) loved the \(date)!")
        Text("\(big) \(small) \(size) \(bytes) \(flag)")
        Text("Your region has a \(rc ?? 0)% duty cycle")
        Text("\(unknownThing) unknown")
        Text("\(Text("Bold").bold()) and \(Image(systemName: "star"))")
        Text("Width \(width * 2)")
        Text("\(1.5) literal \(2)")
        Text("\(date, style: .date) today")
        ForEach(0..<3) { index in
            Text("Row \(index)")
        }
    }

    func local() -> some View {
        let total = items.count * 2
        let label = name.uppercased()
        for position in 0..<10 {
            _ = Text("Position \(position)")
        }
        return Text("\(total) of \(label)")
    }
}
