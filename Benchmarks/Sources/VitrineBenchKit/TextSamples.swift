import VitrineGraphics

/// The paragraphs of the text benchmarks: 200 characters each, wrapped at `wrapWidth` points
/// in the 20-point system font.
public enum TextSamples {
    /// 200 characters of English.
    public static let latin = String(repeatElement(
        "Welcome to the north terminal. Have your booking code ready, touch Check in and follow the steps on the "
        + "screen. Staff at the blue desk can help with bags, tickets, lost items and any other question you have. ",
        count: 2).joined().prefix(200))
    /// 200 characters of Simplified Chinese (drawn through font fallback: WenQuanYi Micro Hei).
    public static let chinese = String(repeatElement(
        "欢迎来到北站。请准备好您的预订号码，点击办理入住，然后按照屏幕上的步骤操作。蓝色服务台的工作人员可以帮助您处理行李、车票、失物和其他任何问题。",
        count: 4).joined().prefix(200))
    /// The font: the 20-point system font.
    public static let font = Font.system(size: 20)
    /// The wrapping width, in points.
    public static let wrapWidth = 600.0
}
